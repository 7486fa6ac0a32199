-- /api/block: number of blocks matching the same filters (rangeTotal).
-- @param number BIGINT
-- @param producer VARCHAR
-- @param start_ts BIGINT
-- @param end_ts BIGINT
-- @param start_day VARCHAR
-- @param end_day VARCHAR
SELECT count(*) AS n
FROM blocks b
WHERE ($number IS NULL OR b.block_number = $number)
  AND ($producer IS NULL OR b.witness_address = $producer)
  AND ($start_day IS NULL OR b."date" >= $start_day) AND ($end_day IS NULL OR b."date" <= $end_day)
  AND ($start_ts IS NULL OR b."timestamp" >= $start_ts) AND ($end_ts IS NULL OR b."timestamp" <= $end_ts)
