-- accounts_by_power: the accounts in their place by power (accounts.rank_power), so a page of /api/account/list in that sort
-- reads the row groups holding its places only.
SELECT rank_power AS rank, address, balance, power, tx_total, latest_operation_time, create_time FROM accounts
