-- /api/overview/accountswithtrx: accounts holding TRX and all accounts at the end of each lake day of
-- [$start_day, $end_day] (the serving table trx_holder_series; NULL figures without the chain_anchors reference).
-- @param start_day VARCHAR
-- @param end_day VARCHAR
SELECT day, account_with_trx, total_address FROM trx_holder_series WHERE day BETWEEN $start_day AND $end_day
