-- /api/contract: the CreateSmartContract that created $address, read from its deploy day's file only ($day, the
-- contract's created_ts day; pruned inside it by $ts): hash, value sent, TRC10 sent, and its parameters
-- (consume_user_resource_percent, origin_energy_limit).
-- @param address VARCHAR
-- @param day VARCHAR
-- @param ts BIGINT
SELECT t.tx_hash, t.owner_address, t.amount, t.token_id, t.parameter_json
FROM transactions t
WHERE t."date" = $day AND t."timestamp" = $ts AND t.contract_type = 30 AND t.contract_address = $address
LIMIT 1
