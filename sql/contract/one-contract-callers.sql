-- The callers of one contract on one UTC day, most calls first (then address), from daily_contract_callers; `n`
-- counts them all (the page carries the total: no count statement beside it).
-- @total
-- @param address VARCHAR
-- @param day VARCHAR
-- @param lim BIGINT
-- @param off BIGINT
SELECT caller_address, call_count, count(*) OVER () AS n
FROM daily_contract_callers
WHERE contract_address = $address AND day = $day
  -- The same day as an integer: a VARCHAR's zone map keeps its first 8 bytes ('2026-10-'), so `day` alone pruned the
  -- in-memory table only to the month (1.35 M rows on the default lake: a day 7 ms, by day_ts 0.4 ms).
  AND day_ts = epoch_ms(TRY_CAST($day AS DATE))
ORDER BY {{order_by}}
LIMIT $lim OFFSET $off;
