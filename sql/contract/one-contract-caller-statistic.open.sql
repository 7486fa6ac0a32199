-- Distinct callers of one contract over a range open on one side (from the lake's first day, or to the head's): the
-- callers whose first call is at or before $to_ts and whose last call is at or after $from_ts (NULL: no bound), one
-- row each in contract_callers, so no day is read.
-- @param address VARCHAR
-- @param from_ts BIGINT
-- @param to_ts BIGINT
SELECT count(*) AS caller_count
FROM contract_callers
WHERE contract_address = $address AND ($from_ts IS NULL OR last_ts >= $from_ts) AND ($to_ts IS NULL OR first_ts <= $to_ts)
