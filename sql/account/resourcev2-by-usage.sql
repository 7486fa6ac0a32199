-- /api/account/resourcev2?type=2 sorted by usage or burnTrx: the delegations the account gave (account_resources),
-- each with its receiver's resource used from stakes (usage) and sun burned (burn_sun) over the last 24 h before
-- the head, from the receivers' transactions of the last two day partitions.
-- @param address VARCHAR
-- @param res INTEGER
-- @param to_address VARCHAR
-- @param now_ts BIGINT
-- @param since_ts BIGINT
-- @param since_day VARCHAR
-- @param lim BIGINT
-- @param off BIGINT
WITH r AS (
  SELECT owner_address, receiver_address, CASE resource WHEN 'ENERGY' THEN 1 ELSE 0 END AS resource,
         balance, lock_balance, expire_time, operation_ts, resource_value, lock_resource_value
  FROM account_resources_served
  WHERE bucket = address_bucket($address) AND address = $address AND version = 2 AND type = 2 AND ($to_address IS NULL OR receiver_address = $to_address)
), used AS (
  SELECT owner_address AS receiver_address, sum(energy_usage + net_usage)::BIGINT AS usage, sum(fee)::BIGINT AS burn_sun
  FROM transactions t
  WHERE t."date" >= $since_day AND t."timestamp" > $since_ts AND t."timestamp" <= $now_ts
    AND t.owner_address IN (SELECT receiver_address FROM r)
  GROUP BY 1
)
SELECT r.*, coalesce(r.operation_ts, r.expire_time, 0) AS sort_ts, coalesce(u.usage, 0) AS usage, coalesce(u.burn_sun, 0) AS burn_sun,
       count(*) OVER () AS n_rows
FROM r LEFT JOIN used u ON u.receiver_address = r.receiver_address
WHERE $res < 0 OR r.resource = $res
ORDER BY {{order_by}}
LIMIT $lim OFFSET $off
