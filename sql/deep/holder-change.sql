-- /api/stableCoin/holder/change: per UTC day of [first_day, last_day] and stablecoin contract, the holders at the end
-- of the day: the contract's daily_token_holders row of that day, or of the last earlier day it has one (a day
-- without a row has the last earlier row's count; every contract of the ledger has a row on the lake's first day, so
-- no row at or before a lake day means no holder).
-- @param contracts VARCHAR[]
-- @param first_day VARCHAR
-- @param last_day VARCHAR
WITH days AS (
  SELECT strftime(d, '%Y-%m-%d') AS day
  FROM generate_series(TRY_CAST($first_day AS DATE), TRY_CAST($last_day AS DATE), INTERVAL 1 DAY) t(d)
),
grid AS (
  SELECT d.day, c.token_id FROM days d CROSS JOIN (SELECT unnest($contracts) AS token_id) c
)
SELECT g.day, g.token_id, coalesce(h.holder_count, 0) AS holder_count
FROM grid g
ASOF LEFT JOIN (SELECT day, token_id, holder_count FROM daily_token_holders WHERE token_id IN (SELECT unnest($contracts))) h
  ON h.token_id = g.token_id AND h.day <= g.day
ORDER BY g.day, g.token_id;
