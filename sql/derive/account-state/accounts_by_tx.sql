-- accounts_by_tx: the accounts in their place by tx (accounts.rank_tx), so a page of /api/account/list in that sort
-- reads the row groups holding its places only.
SELECT rank_tx AS rank, address, balance, power, tx_total, latest_operation_time, create_time FROM accounts
