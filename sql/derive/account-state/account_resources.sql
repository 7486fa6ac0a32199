-- Every row /api/account/resource (version 1) and /api/account/resourcev2 (version 2) answer, filed under the
-- account asked about, with the resource each is worth at the newest network snapshot (stake / 10^6 × limit /
-- weight; NULL without one) already computed: a request then reads one account's rows from one file.
-- `type` is the endpoint's own code: Stake 1.0 1 own, 2 delegated to others, 3 received; Stake 2.0 0 own, 1
-- received, 2 delegated to others, 3 unstakes pending at the head time, 4 matured and not withdrawn.
WITH net AS (
  SELECT * FROM network_snapshots ORDER BY as_of_block DESC LIMIT 1
), v1_own AS (
  SELECT address, 1 AS type, address AS owner_address, address AS receiver_address,
         unnest(['BANDWIDTH', 'ENERGY']) AS resource, unnest([frozen_v1_bandwidth, frozen_v1_energy]) AS balance,
         unnest([frozen_v1_bandwidth_expire, frozen_v1_energy_expire]) AS expire_time
  FROM stake_positions
), v1 AS (
  SELECT * FROM v1_own WHERE balance > 0
  UNION ALL
  SELECT address, CASE side WHEN 'given' THEN 2 ELSE 3 END, owner_address, receiver_address, resource, balance, expire_time
  FROM delegations_by_address WHERE version = 1 AND balance > 0
), freezes AS (
  -- The last Stake 1.0 freeze of the position (owner, receiver, resource) when the lake holds one.
  SELECT owner_address, coalesce(receiver_address, owner_address) AS receiver_address, resource,
         arg_max(tx_hash, block_number) AS tx_hash, max(block_number) AS block_number, max("timestamp") AS ts
  FROM stake_events WHERE operation = 'freeze_v1' GROUP BY ALL
), v2_ops AS (
  -- The last Stake 2.0 stake or unstake of an account's own stake per resource.
  SELECT owner_address, resource, max("timestamp") AS ts FROM stake_events
  WHERE operation IN ('freeze_v2', 'unfreeze_v2') AND coalesce(receiver_address, owner_address) = owner_address GROUP BY ALL
), v2_own AS (
  SELECT address, 0 AS type, address AS owner_address, address AS receiver_address,
         unnest(['BANDWIDTH', 'ENERGY', 'TRON_POWER']) AS resource,
         unnest([frozen_v2_bandwidth, frozen_v2_energy, frozen_v2_tron_power]) AS balance
  FROM stake_positions
), newest AS (
  SELECT address, unfrozen_v2_json FROM account_snapshots
  QUALIFY row_number() OVER (PARTITION BY address ORDER BY as_of_block DESC) = 1
), unstakes AS (
  -- The newest snapshot's unstakes (an older snapshot's are stale even when the newest has none).
  SELECT address, unnest(from_json(unfrozen_v2_json, '[{"type":"VARCHAR","amount":"BIGINT","expire":"BIGINT"}]')) AS u
  FROM newest WHERE unfrozen_v2_json <> '[]'
), v2 AS (
  SELECT o.address, o.type, o.owner_address, o.receiver_address, o.resource, o.balance, 0::BIGINT AS lock_balance,
         0::BIGINT AS expire_time, p.ts AS operation_ts
  FROM v2_own o LEFT JOIN v2_ops p ON p.owner_address = o.address AND p.resource = o.resource
  WHERE o.balance > 0
  UNION ALL
  SELECT address, CASE side WHEN 'received' THEN 1 ELSE 2 END, owner_address, receiver_address, resource, balance, lock_balance,
         CASE WHEN lock_balance > 0 THEN expire_time ELSE 0 END, operation_ts
  FROM delegations_by_address WHERE version = 2 AND balance > 0
  UNION ALL
  SELECT address, CASE WHEN u.expire > derive_head_ts() THEN 3 ELSE 4 END, address, address,
         CASE u.type WHEN 'ENERGY' THEN 'ENERGY' WHEN 'TRON_POWER' THEN 'TRON_POWER' ELSE 'BANDWIDTH' END, u.amount, 0::BIGINT, u.expire, NULL::BIGINT
  FROM unstakes
)
SELECT v1.address, 1 AS version, v1.type, v1.owner_address, v1.receiver_address, v1.resource, v1.balance, 0::BIGINT AS lock_balance,
       v1.expire_time, NULL::BIGINT AS operation_ts, f.tx_hash, f.block_number, f.ts AS tx_ts,
       CASE WHEN n.as_of_block IS NULL THEN NULL
            WHEN v1.resource = 'ENERGY' THEN v1.balance / 1e6 * n.total_energy_limit / nullif(n.total_energy_weight, 0)
            ELSE v1.balance / 1e6 * n.total_net_limit / nullif(n.total_net_weight, 0) END AS resource_value,
       NULL::DOUBLE AS lock_resource_value
FROM v1 LEFT JOIN net n ON true
LEFT JOIN freezes f ON f.owner_address = v1.owner_address AND f.receiver_address = v1.receiver_address AND f.resource = v1.resource
UNION ALL
SELECT v2.address, 2, v2.type, v2.owner_address, v2.receiver_address, v2.resource, v2.balance, v2.lock_balance,
       v2.expire_time, v2.operation_ts, NULL, NULL, NULL,
       -- TRON Power is worth 1 vote per TRX, whatever the network.
       CASE WHEN v2.resource = 'TRON_POWER' THEN v2.balance / 1e6
            WHEN n.as_of_block IS NULL THEN NULL
            WHEN v2.resource = 'ENERGY' THEN v2.balance / 1e6 * n.total_energy_limit / nullif(n.total_energy_weight, 0)
            ELSE v2.balance / 1e6 * n.total_net_limit / nullif(n.total_net_weight, 0) END,
       CASE WHEN n.as_of_block IS NULL THEN NULL
            WHEN v2.resource = 'ENERGY' THEN v2.lock_balance / 1e6 * n.total_energy_limit / nullif(n.total_energy_weight, 0)
            ELSE v2.lock_balance / 1e6 * n.total_net_limit / nullif(n.total_net_weight, 0) END
FROM v2 LEFT JOIN net n ON true
