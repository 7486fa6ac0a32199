-- /api/search/v2, a transaction by hash, when the version has no key files (the handle reads tx_by_hash's and
-- transactions_by_block's key files otherwise): the candidates' blocks from the prefix-sorted index, the whole id
-- matched in the block's raw rows (block-sorted day files: row-group statistics prune to the block).
-- @param hash VARCHAR
SELECT t.tx_hash, t.block_number, t."timestamp", t.owner_address, t.to_address, t.contract_type, t.contract_ret
FROM transactions t
WHERE t.block_number IN (SELECT block_number FROM tx_by_hash WHERE hash_prefix = tx_hash_prefix($hash)) AND t.tx_hash = $hash
