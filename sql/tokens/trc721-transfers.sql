-- /api/trc721/transfers: transfers of one NFT, newest first, from the copy clustered by (contract, token id).
-- @param contract VARCHAR
-- @param token_id VARCHAR
-- @param lim BIGINT
-- @param off BIGINT
SELECT t.tx_hash, t.block_number, t."timestamp", t.from_address, t.to_address, t.contract_address, t.token_id,
       t.event_type, x.contract_ret, t.block_number <= solid_block() AS confirmed
FROM trc721_transfers t
LEFT JOIN transactions x ON x.block_number = t.block_number AND x.tx_hash = t.tx_hash
WHERE t.contract_address = $contract AND t.token_id = $token_id
ORDER BY t.block_number DESC, t.log_index DESC
LIMIT $lim OFFSET $off;
