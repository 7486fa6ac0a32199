-- /api/account/resource (Stake 1.0): an account's own positions (stake_positions) and its Stake 1.0 delegations
-- both ways (delegations_by_address), with the resource they are worth at the newest network snapshot
-- (stake / 10^6 × limit / weight) and the last freeze transaction of the position when the lake holds one.
-- @param address VARCHAR
WITH net AS (
  SELECT * FROM network_snapshots ORDER BY as_of_block DESC LIMIT 1
), own AS (
  SELECT 1 AS kind, address AS owner_address, address AS receiver_address,
         unnest(['BANDWIDTH', 'ENERGY']) AS resource, unnest([frozen_v1_bandwidth, frozen_v1_energy]) AS balance,
         unnest([frozen_v1_bandwidth_expire, frozen_v1_energy_expire]) AS expire_time
  FROM stake_positions WHERE address = $address
), deleg AS (
  SELECT CASE side WHEN 'given' THEN 2 ELSE 3 END AS kind, owner_address, receiver_address, resource, balance, expire_time
  FROM delegations_by_address WHERE address = $address AND version = 1
), r AS (
  SELECT * FROM own UNION ALL SELECT * FROM deleg
), freezes AS (
  -- By the positions' owners (stake_events is sorted by owner: the IN list prunes row groups); an
  -- `owner = $address OR receiver = $address` filter read every row group of every run.
  SELECT owner_address, coalesce(receiver_address, owner_address) AS receiver_address, resource,
         arg_max(tx_hash, block_number) AS tx_hash, max(block_number) AS block_number, max("timestamp") AS ts
  FROM stake_events WHERE operation = 'freeze_v1' AND owner_address IN (SELECT owner_address FROM r WHERE balance > 0) GROUP BY ALL
)
SELECT r.kind, r.owner_address, r.receiver_address, r.resource, r.balance, r.expire_time, f.tx_hash, f.block_number, f.ts,
       CASE WHEN n.as_of_block IS NULL THEN NULL
            WHEN r.resource = 'ENERGY' THEN r.balance / 1e6 * n.total_energy_limit / nullif(n.total_energy_weight, 0)
            ELSE r.balance / 1e6 * n.total_net_limit / nullif(n.total_net_weight, 0) END AS resource_value
FROM r
LEFT JOIN net n ON true
LEFT JOIN freezes f ON f.owner_address = r.owner_address AND f.receiver_address = r.receiver_address AND f.resource = r.resource
WHERE r.balance > 0
ORDER BY r.kind, r.resource, r.receiver_address, r.owner_address
