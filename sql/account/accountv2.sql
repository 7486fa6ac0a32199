-- /api/accountv2: one address's newest account snapshot (none: never activated) with its unclaimed voting reward,
-- its lake activity and stakes (the in-memory serving table account_details_served) and label; the version's network
-- totals and free bandwidth limit come beside it, read once per version (accountv2-network.sql), and whether it is a
-- contract and its witness URL from the per-version lookups (kit/lookups.ts), not from joins here: the two joins cost
-- half of this statement (12.1 → 6.0 ms p50 on the default lake; DuckDB plans a parameterized statement again at
-- every execution, so each join and projected expression is paid per request). Each source is filtered by the address
-- itself and joined ON true to the one-row root: a join on a constant row does not reach the scans (measured: 88 ms
-- p50 on the default lake). The reward comes with the served row, not from account_snapshots: a lookup there cost
-- 10-36 ms (bench/results/account-latency.md). The resource usages come as of their snapshot's block with its time
-- (recovered to the head in code).
-- @param address VARCHAR
SELECT $address AS address, coalesce(s.create_time > 0 OR s.balance > 0, false) AS activated, s.balance, s.create_time, s.account_name, s.is_witness,
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
       s.energy_usage, s.latest_consume_time_for_energy, s.energy_window_size, s.usage_as_of_ts,
       l.public_tag
FROM (SELECT 1) q
LEFT JOIN (SELECT * FROM account_details_served WHERE bucket = address_bucket($address) AND address = $address) s ON true
LEFT JOIN (SELECT public_tag FROM address_labels WHERE address = $address) l ON true
