-- The head block (lastBlock of /api/pagewitness): the serving table sql/serving/head_block.sql.
SELECT block_number, block_hash, parent_hash, "timestamp", witness_address, tx_trie_root, size_bytes, tx_count
FROM head_block
