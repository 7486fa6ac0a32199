-- /api/account/resourcev2 (Stake 2.0): one account's rows of one `type` from the newest snapshots: 0 its own stakes
-- per resource (stake_positions), 1 delegations it received, 2 delegations it gave (delegations_by_address
-- version 2), 3 pending unstakes, 4 matured unstakes not yet withdrawn (the newest account snapshot's unfrozenV2,
-- split at the head time). Resource codes are the protocol's: 0 bandwidth, 1 energy, 2 TRON Power.
-- resource_value: stake / 10^6 × limit / weight of the newest network snapshot (NULL without one; TRON Power: 1
-- per TRX). usage / burn_sun (sorts of type 2): the receiver's resource used from stakes and sun burned over the
-- last 24 h before the head, from its transactions.
-- @param address VARCHAR
-- @param type INTEGER
-- @param res INTEGER
-- @param to_address VARCHAR
-- @param now_ts BIGINT
-- @param since_ts BIGINT
-- @param since_day VARCHAR
-- @param lim BIGINT
-- @param off BIGINT
WITH net AS (
  SELECT * FROM network_snapshots ORDER BY as_of_block DESC LIMIT 1
), ops AS (
  SELECT coalesce(receiver_address, owner_address) AS receiver_address, resource, max("timestamp") AS ts FROM stake_events
  WHERE owner_address = $address AND $type = 0 AND operation IN ('freeze_v2', 'unfreeze_v2') GROUP BY ALL
), own AS (
  SELECT address AS owner_address, address AS receiver_address, unnest([0, 1, 2]) AS resource,
         unnest([frozen_v2_bandwidth, frozen_v2_energy, frozen_v2_tron_power]) AS balance, 0::BIGINT AS lock_balance, 0::BIGINT AS expire_time
  FROM stake_positions WHERE address = $address AND $type = 0
), deleg AS (
  SELECT owner_address, receiver_address, CASE resource WHEN 'ENERGY' THEN 1 ELSE 0 END AS resource, balance, lock_balance,
         CASE WHEN lock_balance > 0 THEN expire_time ELSE 0 END AS expire_time, operation_ts
  FROM delegations_by_address
  WHERE address = $address AND version = 2 AND $type IN (1, 2) AND side = CASE $type WHEN 1 THEN 'received' ELSE 'given' END
    AND ($to_address IS NULL OR receiver_address = $to_address)
), unstakes AS (
  SELECT s.address AS owner_address, s.address AS receiver_address,
         CASE u.type WHEN 'ENERGY' THEN 1 WHEN 'TRON_POWER' THEN 2 ELSE 0 END AS resource, u.amount AS balance,
         0::BIGINT AS lock_balance, u.expire AS expire_time
  FROM (SELECT address, arg_max(unfrozen_v2_json, as_of_block) AS j FROM account_snapshots WHERE address = $address AND $type IN (3, 4) GROUP BY address) s,
       LATERAL (SELECT unnest(from_json(s.j, '[{"type":"VARCHAR","amount":"BIGINT","expire":"BIGINT"}]'), recursive := true)) u
  WHERE CASE $type WHEN 3 THEN u.expire > $now_ts ELSE u.expire <= $now_ts END
), used AS (
  SELECT owner_address AS receiver_address, sum(energy_usage + net_usage)::BIGINT AS usage, sum(fee)::BIGINT AS burn_sun
  FROM transactions t
  WHERE $type = 2 AND t."date" >= $since_day AND t."timestamp" > $since_ts AND t."timestamp" <= $now_ts
    AND t.owner_address IN (SELECT receiver_address FROM deleg)
  GROUP BY 1
), r AS (
  SELECT o.*, p.ts AS operation_ts FROM own o LEFT JOIN ops p ON p.receiver_address = o.receiver_address
    AND p.resource = CASE o.resource WHEN 1 THEN 'ENERGY' WHEN 2 THEN 'TRON_POWER' ELSE 'BANDWIDTH' END
  WHERE o.balance > 0
  UNION ALL SELECT * FROM deleg
  UNION ALL SELECT *, NULL AS operation_ts FROM unstakes
)
SELECT r.owner_address, r.receiver_address, r.resource, r.balance, r.lock_balance, r.expire_time, r.operation_ts,
       coalesce(r.operation_ts, r.expire_time, 0) AS sort_ts,
       coalesce(u.usage, 0) AS usage, coalesce(u.burn_sun, 0) AS burn_sun,
       CASE WHEN r.resource = 2 THEN r.balance / 1e6
            WHEN n.as_of_block IS NULL THEN NULL
            WHEN r.resource = 1 THEN r.balance / 1e6 * n.total_energy_limit / nullif(n.total_energy_weight, 0)
            ELSE r.balance / 1e6 * n.total_net_limit / nullif(n.total_net_weight, 0) END AS resource_value,
       CASE WHEN n.as_of_block IS NULL THEN NULL
            WHEN r.resource = 1 THEN r.lock_balance / 1e6 * n.total_energy_limit / nullif(n.total_energy_weight, 0)
            ELSE r.lock_balance / 1e6 * n.total_net_limit / nullif(n.total_net_weight, 0) END AS lock_resource_value,
       count(*) OVER () AS n_rows
FROM r LEFT JOIN net n ON true LEFT JOIN used u ON u.receiver_address = r.receiver_address
WHERE $res < 0 OR r.resource = $res
ORDER BY {{order_by}}
LIMIT $lim OFFSET $off
