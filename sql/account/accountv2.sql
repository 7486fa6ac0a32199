-- /api/accountv2: one address's newest account snapshot (none: never activated) with its unclaimed voting reward,
-- its lake activity and stakes (the in-memory serving table account_details_served), label, witness entry and the
-- newest network totals (what a staked TRX yields). Each source is filtered by the address itself: a join on a
-- constant row does not reach the scans (measured: 88 ms p50 on the default lake). The reward comes with the
-- served row, not from account_snapshots: a lookup there cost 10-36 ms (bench/results/account-latency.md). The
-- resource usages come as of their snapshot's block with its time (recovered to the head in code), and the free
-- bandwidth limit is the getFreeNetLimit chain parameter in force at the head (chain_parameter_history: the row with
-- the greatest from_ts at or before it, a snapshot row winning a tie; snapshots name it by getter, proposals by number).
-- @param address VARCHAR
-- @param free_net_key VARCHAR
-- @param free_net_parameter INTEGER
WITH q AS (SELECT $address AS address),
n AS (SELECT * FROM network_snapshot_newest),
f AS (
  SELECT value AS free_net_limit FROM chain_parameter_history_served
  WHERE (key = $free_net_key OR parameter = $free_net_parameter) AND from_ts <= head_ts()
  ORDER BY from_ts DESC, source = 'snapshot' DESC LIMIT 1
)
SELECT q.address, coalesce(s.create_time > 0 OR s.balance > 0, false) AS activated, s.balance, s.create_time, s.account_name, s.is_witness,
       s.latest_withdraw_time, s.frozen_v1_bandwidth, s.frozen_v1_bandwidth_expire, s.frozen_v1_energy,
       s.frozen_v1_energy_expire, s.delegated_v1_bandwidth, s.delegated_v1_energy, s.acquired_v1_bandwidth,
       s.acquired_v1_energy, s.frozen_v2_bandwidth, s.frozen_v2_energy, s.frozen_v2_tron_power, s.delegated_v2_bandwidth,
       s.delegated_v2_energy, s.acquired_v2_bandwidth, s.acquired_v2_energy, s.owner_permission_json,
       s.active_permissions_json,
       coalesce(s.tx_in, 0) AS tx_in, coalesce(s.tx_out, 0) AS tx_out, coalesce(s.tx_total, 0) AS tx_total,
       began_in_window(s.create_time) AS lifetime, -- the lake's counts are the account's whole life's (macros/began_in_window)
       coalesce(s.last_out_ts, 0) AS latest_operation_time,
       s.pending_unstake, s.withdrawable, s.votes_used, s.reward,
       s.net_usage, s.latest_consume_time, s.net_window_size, s.free_net_usage, s.latest_consume_free_time,
       s.energy_usage, s.latest_consume_time_for_energy, s.energy_window_size, s.usage_as_of_ts, head_ts() AS head_ts,
       f.free_net_limit,
       c.address IS NOT NULL AS is_contract,
       l.public_tag, w.url AS witness_url,
       n.total_net_weight, n.total_net_limit, n.total_energy_weight, n.total_energy_limit
FROM q
LEFT JOIN (SELECT * FROM account_details_served WHERE bucket = address_bucket($address) AND address = $address) s ON s.address = q.address
LEFT JOIN (SELECT address FROM contracts WHERE address = $address) c ON c.address = q.address
LEFT JOIN (SELECT address, public_tag FROM address_labels WHERE address = $address) l ON l.address = q.address
LEFT JOIN (SELECT address, url FROM witnesses WHERE address = $address) w ON w.address = q.address
LEFT JOIN n ON true
LEFT JOIN f ON true
