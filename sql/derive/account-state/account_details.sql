-- account_details: the newest account snapshot of each address with its lake activity and current stakes, one row
-- per address in any of the three (an address with activity or stakes but no snapshot has NULL snapshot columns:
-- never activated, as the endpoints read it). The usages are as of the snapshot's block: its time (the network
-- snapshot read with it) is what the endpoints recover them from.
WITH s AS (
  SELECT address, balance, create_time, account_name, is_witness, latest_withdraw_time, frozen_v1_bandwidth,
         frozen_v1_bandwidth_expire, frozen_v1_energy, frozen_v1_energy_expire, delegated_v1_bandwidth, delegated_v1_energy,
         acquired_v1_bandwidth, acquired_v1_energy, frozen_v2_bandwidth, frozen_v2_energy, frozen_v2_tron_power,
         delegated_v2_bandwidth, delegated_v2_energy, acquired_v2_bandwidth, acquired_v2_energy, owner_permission_json,
         active_permissions_json, witness_permission_json, reward, net_usage, latest_consume_time, net_window_size,
         free_net_usage, latest_consume_free_time, energy_usage, latest_consume_time_for_energy, energy_window_size,
         (SELECT max(n."timestamp") FROM network_snapshots n WHERE n.as_of_block = x.as_of_block) AS usage_as_of_ts
  FROM account_snapshots x
  QUALIFY row_number() OVER (PARTITION BY address ORDER BY as_of_block DESC) = 1
), sa AS (
  SELECT coalesce(s.address, a.address) AS address, s.address IS NOT NULL AS has_snapshot, s.* EXCLUDE (address),
         a.tx_in, a.tx_out, a.tx_total, a.last_out_ts
  FROM s FULL JOIN account_activity a ON a.address = s.address
)
SELECT coalesce(sa.address, p.address) AS address, coalesce(sa.has_snapshot, false) AS has_snapshot, sa.* EXCLUDE (address, has_snapshot),
       p.pending_unstake, p.withdrawable, p.votes_used
FROM sa FULL JOIN stake_positions p ON p.address = sa.address
