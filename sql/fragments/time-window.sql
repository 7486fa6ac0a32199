-- The ms time window of a copy clustered by address, aliased {{1}} (no day partitions: rows are time-sorted inside
-- an address bucket, so row-group statistics prune). NULL = no bound.
-- @param start_ts BIGINT
-- @param end_ts BIGINT
($start_ts IS NULL OR {{1}}."timestamp" >= $start_ts) AND ($end_ts IS NULL OR {{1}}."timestamp" <= $end_ts)
