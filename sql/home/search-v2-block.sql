-- /api/search/v2, a block by number, when the version has no key files (the handle reads blocks_by_number's otherwise).
-- @param block BIGINT
SELECT block_number, block_hash, "timestamp", witness_address, tx_count
FROM blocks_by_number WHERE block_number = $block
