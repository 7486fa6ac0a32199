-- /api/account/resourcev2 (Stake 2.0), sorted by time or balance: one account's rows of one `type` (account_resources,
-- computed at publish from the newest snapshots: 0 own stakes, 1 delegations received, 2 delegations given, 3
-- pending unstakes, 4 matured unstakes not yet withdrawn, split at the head time). Resource codes are the
-- protocol's: 0 bandwidth, 1 energy, 2 TRON Power. The usage and burnTrx sorts read transactions:
-- resourcev2-by-usage.sql.
-- @param address VARCHAR
-- @param type INTEGER
-- @param res INTEGER
-- @param to_address VARCHAR
-- @param lim BIGINT
-- @param off BIGINT
WITH r AS (
  SELECT owner_address, receiver_address, CASE resource WHEN 'ENERGY' THEN 1 WHEN 'TRON_POWER' THEN 2 ELSE 0 END AS resource,
         balance, lock_balance, expire_time, operation_ts, resource_value, lock_resource_value
  FROM account_resources_served
  WHERE bucket = address_bucket($address) AND address = $address AND version = 2 AND type = $type AND ($to_address IS NULL OR receiver_address = $to_address)
)
SELECT r.*, coalesce(r.operation_ts, r.expire_time, 0) AS sort_ts, count(*) OVER () AS n_rows
FROM r
WHERE $res < 0 OR r.resource = $res
ORDER BY {{order_by}}
LIMIT $lim OFFSET $off
