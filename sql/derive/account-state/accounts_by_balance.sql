-- accounts_by_balance: the accounts in their place by balance (accounts.rank_balance), so a page of /api/account/list in that sort
-- reads the row groups holding its places only.
SELECT rank_balance AS rank, address, balance, power, tx_total, latest_operation_time, create_time FROM accounts
