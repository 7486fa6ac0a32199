-- The blocks sorted by number (every column): a block by number, a page of the latest blocks and the blocks that
-- confirm a transaction are read from its DuckDB lookup files (growth.ts lookupFile), zone maps over the sorted key.
SELECT block_number, block_hash, parent_hash, "timestamp", witness_address, tx_trie_root, version, size_bytes, tx_count,
       net_usage, energy_usage, fee
FROM blocks;
