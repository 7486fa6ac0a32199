-- /api/contracts filters over contract_list aliased {{1}}: `search` an address (exact) or a part of the name
-- (case-insensitive), `owner` the deployer, creation time in [$start_ts, $end_ts] (ms; NULL = no bound).
-- @param search VARCHAR
-- @param owner VARCHAR
-- @param start_ts BIGINT
-- @param end_ts BIGINT
($search IS NULL OR {{1}}.address = $search OR contains(lower({{1}}.name), lower($search)))
AND ($owner IS NULL OR {{1}}.creator_address = $owner)
AND ($start_ts IS NULL OR {{1}}.created_ts >= $start_ts) AND ($end_ts IS NULL OR {{1}}.created_ts <= $end_ts)
