-- /api/stableCoin/overview `liquidityIn24hChange`: the net balance change since $since_ts (inclusive) of the holders
-- $holders in the stablecoin contracts $contracts (token_balance_history: every Transfer and every stablecoin move
-- without one), per (contract, holder); the caller keeps the (contract, pool) pairs it asked for. A balance 24 h ago is
-- the head balance minus these deltas (the rule of holder-token-history).
-- @param contracts VARCHAR[]
-- @param holders VARCHAR[]
-- @param since_ts BIGINT
SELECT h.token_id AS contract_address, h.holder_address, CAST(sum(CAST(h.delta_raw AS HUGEINT)) AS VARCHAR) AS delta_raw
FROM token_balance_history h
WHERE h.bucket IN (SELECT address_bucket(a) FROM (SELECT unnest($holders) AS a))
  AND h.holder_address IN (SELECT unnest($holders))
  AND h.token_id IN (SELECT unnest($contracts))
  AND h."timestamp" >= $since_ts
GROUP BY h.token_id, h.holder_address
ORDER BY 1, 2
