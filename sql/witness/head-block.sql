-- The head block (lastBlock of /api/pagewitness, /api/system/tps): found by its time, so statistics prune to its day.
-- @param ts BIGINT
SELECT block_number, block_hash, parent_hash, "timestamp", witness_address, tx_trie_root, size_bytes, tx_count
FROM blocks WHERE "timestamp" = $ts ORDER BY block_number DESC LIMIT 1
