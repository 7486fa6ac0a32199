-- /api/trc721/transfers: transfers of one NFT, newest first, from the copy clustered by (contract, token id).
-- A Transfer log exists only in a successful transaction (a reverted call keeps no logs), so no join for the result.
-- @total
-- @param contract VARCHAR
-- @param token_id VARCHAR
-- @param lim BIGINT
-- @param off BIGINT
SELECT t.tx_hash, t.block_number, t."timestamp", t.from_address, t.to_address, t.contract_address, t.token_id,
       t.event_type, is_confirmed(t.block_number) AS confirmed
FROM trc721_transfers t
WHERE t.contract_address = $contract AND t.token_id = $token_id
ORDER BY {{order_by}}
LIMIT $lim OFFSET $off;
