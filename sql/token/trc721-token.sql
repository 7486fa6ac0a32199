-- /api/trc721/token: the NFTs of a contract with their current owner (recipient of the last transfer), optionally
-- one token id or one owner. Ordered numerically by token id ({{order_by}} from the endpoint's whitelist).
-- @total
-- @param contract VARCHAR
-- @param token_id VARCHAR
-- @param owner VARCHAR
-- @param lim BIGINT
-- @param off BIGINT
SELECT o.token_id, o.owner_address, o.latest_transfer_ts, t.name AS token_name
FROM trc721_owners o
LEFT JOIN tokens t ON t.token_id = o.contract_address AND t.token_standard = 'trc721' -- lookup
WHERE o.contract_address = $contract
  AND ($token_id IS NULL OR o.token_id = $token_id)
  AND ($owner IS NULL OR o.owner_address = $owner)
ORDER BY {{order_by}}
LIMIT $lim OFFSET $off;
