-- The time window of a day-partitioned fact table aliased {{1}}: the UTC days of the bounds skip whole day files
-- at bind time, the ms bounds cut inside a day (row-group statistics prune). NULL = no bound (kit/time-window.ts).
-- @param start_ts BIGINT
-- @param end_ts BIGINT
-- @param start_day VARCHAR
-- @param end_day VARCHAR
($start_day IS NULL OR {{1}}."date" >= $start_day) AND ($end_day IS NULL OR {{1}}."date" <= $end_day)
AND ($start_ts IS NULL OR {{1}}."timestamp" >= $start_ts) AND ($end_ts IS NULL OR {{1}}."timestamp" <= $end_ts)
