-- The head block's row (lastBlock of /api/pagewitness), one row per version: read once from the head's day file
-- (head_block() and head_ts() are constant macros, so the other day files are skipped) instead of a search through
-- every day file's row-group statistics per request.
SELECT block_number, block_hash, parent_hash, "timestamp", witness_address, tx_trie_root, size_bytes, tx_count
FROM blocks
WHERE "date" = strftime(epoch_ms((head_ts() // 86400000) * 86400000), '%Y-%m-%d') AND block_number = head_block()
