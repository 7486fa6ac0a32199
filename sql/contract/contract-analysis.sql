-- /api/contract/analysis: the lake days of [$start_day, $end_day] with TRX's USD price of each (trx_day_prices; NULL
-- without one). Both are serving tables in memory; the contract's figures come from the type's own query.
-- @param start_day VARCHAR
-- @param end_day VARCHAR
SELECT d.day, d.day_ts, p.price
FROM (SELECT day, day_ts FROM daily_network_series WHERE day BETWEEN $start_day AND $end_day) d
LEFT JOIN (SELECT day, price FROM trx_day_prices WHERE day BETWEEN $start_day AND $end_day) p ON p.day = d.day
