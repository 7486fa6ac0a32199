-- Current delegations (the newest row of each pair, with a balance) under both parties; a lock expired at the head's
-- time counts as unlocked. operation_ts: the pair's last (un)delegation in the lake.
WITH d AS (
  SELECT * FROM resource_delegations
  QUALIFY row_number() OVER (PARTITION BY from_address, to_address, version, resource ORDER BY as_of_block DESC) = 1
), ops AS (
  SELECT owner_address, receiver_address, resource, max("timestamp") AS ts FROM stake_events
  WHERE operation IN ('delegate', 'undelegate') GROUP BY ALL
), cur AS (
  SELECT d.from_address AS owner_address, d.to_address AS receiver_address, d.version, d.resource, d.balance,
         CASE WHEN d.expire_time > derive_head_ts() THEN d.lock_balance ELSE 0 END AS lock_balance, d.expire_time, d.as_of_block,
         CASE WHEN d.version = 2 THEN o.ts END AS operation_ts
  FROM d LEFT JOIN ops o ON o.owner_address = d.from_address AND o.receiver_address = d.to_address AND o.resource = d.resource
  WHERE d.balance > 0
)
SELECT owner_address AS address, 'given' AS side, receiver_address AS counterparty_address, * FROM cur
UNION ALL
SELECT receiver_address, 'received', owner_address, * FROM cur
