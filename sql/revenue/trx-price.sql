-- TRX's USD price per UTC day of [$start_day, $end_day]: token_prices' close where it prices TRX that day (a generated
-- lake: its answers unchanged), else the price rule (trx_day_prices: price_candles, else the chain's own; docs/compat.md
-- "## Prices (issue 33)"). A day without either has no row.
-- @param start_day VARCHAR
-- @param end_day VARCHAR
SELECT day, coalesce(p.price_usd, CAST(r.price AS DOUBLE)) AS price_usd
FROM (SELECT day, price_usd FROM token_prices WHERE token_id = '_' AND day BETWEEN $start_day AND $end_day) p
FULL JOIN (SELECT day, price FROM trx_day_prices WHERE day BETWEEN $start_day AND $end_day) r USING (day)
