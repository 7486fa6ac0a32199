-- /api/trc1155/inventory: one row per token id of a TRC1155 contract (holders, latest transfer) from the derived
-- per-id table, ordered numerically by token id.
-- @total
-- @param contract VARCHAR
-- @param token_id VARCHAR
-- @param lim BIGINT
-- @param off BIGINT
SELECT k.token_id, k.holders_count, k.latest_transfer_ts, t.name, t.symbol, t.logo_url, t.issuer_address, t.description, t.created_ts
FROM trc1155_tokens k
LEFT JOIN tokens t ON t.token_id = k.contract_address AND t.token_standard = 'trc1155' -- lookup
WHERE k.contract_address = $contract AND ($token_id IS NULL OR k.token_id = $token_id)
ORDER BY {{order_by}}
LIMIT $lim OFFSET $off;
