-- /api/account/list: a page of accounts in one of the list's sorts (the sort places are stored: accounts.rank_*).
-- @param lim BIGINT
-- @param off BIGINT
SELECT address, balance, power, tx_total, latest_operation_time FROM accounts
ORDER BY {{order_by}}
LIMIT $lim OFFSET $off
