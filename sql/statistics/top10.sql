-- /api/top10 types 1-20: the stored rows of the requested rankings (sql/serving/top10_rows.sql), the state rankings
-- under time 0, the windowed ones under the requested window.
-- @param time INTEGER
-- @param state_types INTEGER[]
-- @param window_types INTEGER[]
SELECT "time", type, place, key, v, part, whole, e1, e2, n, usd, usd_whole, token_abbr, token_name, token_logo, token_type, price_trx
FROM top10_rows
WHERE ("time" = 0 AND list_contains($state_types, type)) OR ("time" = $time AND list_contains($window_types, type))
