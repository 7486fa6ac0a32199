-- /api/account/resource (Stake 1.0): an account's own positions and its Stake 1.0 delegations both ways, with the
-- resource they are worth at the newest network snapshot and the last freeze transaction of the position when the
-- lake holds one, all computed at publish (account_resources, held in memory: sql/serving/account_resources_served.sql).
-- @param address VARCHAR
SELECT type AS kind, owner_address, receiver_address, resource, balance, expire_time, tx_hash, block_number, tx_ts AS ts, resource_value
FROM account_resources_served
WHERE bucket = address_bucket($address) AND address = $address AND version = 1
ORDER BY type, resource, receiver_address, owner_address
