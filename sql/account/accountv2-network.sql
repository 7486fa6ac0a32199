-- The network side of /api/accountv2, the same for every address of a version (read once per version,
-- ctx.versionRows): the head's time, the newest network totals (what a staked TRX yields) and the free bandwidth limit, the
-- getFreeNetLimit chain parameter in force at the head (chain_parameter_history: the row with the greatest from_ts at
-- or before it, a snapshot row winning a tie; snapshots name it by getter, proposals by number).
-- @param free_net_key VARCHAR
-- @param free_net_parameter INTEGER
WITH n AS (SELECT * FROM network_snapshot_newest),
f AS (
  SELECT value AS free_net_limit FROM chain_parameter_history_served
  WHERE (key = $free_net_key OR parameter = $free_net_parameter) AND from_ts <= head_ts()
  ORDER BY from_ts DESC, source = 'snapshot' DESC LIMIT 1
)
SELECT head_ts() AS head_ts, n.total_net_weight, n.total_net_limit, n.total_energy_weight, n.total_energy_limit, f.free_net_limit
FROM (SELECT 1) one
LEFT JOIN n ON true
LEFT JOIN f ON true
