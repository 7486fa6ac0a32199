-- Distinct callers of one contract over the days [$start_day, $end_day] (not a sum of the days': a caller of two days
-- counts once), from the contract's rows of those days in daily_contract_callers.
-- @param address VARCHAR
-- @param start_day VARCHAR
-- @param end_day VARCHAR
SELECT count(DISTINCT caller_address) AS caller_count
FROM daily_contract_callers
WHERE contract_address = $address AND day BETWEEN $start_day AND $end_day
  -- The same days as integers: a VARCHAR's zone map keeps its first 8 bytes, so `day` alone pruned only by month.
  AND day_ts BETWEEN epoch_ms(TRY_CAST($start_day AS DATE)) AND epoch_ms(TRY_CAST($end_day AS DATE))
