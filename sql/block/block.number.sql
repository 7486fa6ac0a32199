-- /api/block?number=N (the kit's variant of block.sql for a request naming a block by number): a plain equality on
-- the sorted key, no ORDER BY … LIMIT (DuckDB's late materialization of a top-N read the lookup file twice): at most
-- one row, the whole answer, so the kit cuts the page from it and its rows are the total.
-- @param block BIGINT
-- @param producer VARCHAR
-- @param hash VARCHAR
SELECT b.block_number, b.block_hash, b.parent_hash, b."timestamp", b.size_bytes, b.tx_count, b.tx_trie_root,
       b.witness_address, b.version, b.fee, b.net_usage, b.energy_usage, is_confirmed(b.block_number) AS confirmed,
       head_block() - b.block_number AS confirmations
FROM blocks_by_number b
WHERE b.block_number = $block
  AND ($producer IS NULL OR b.witness_address = $producer)
  AND ($hash IS NULL OR b.block_hash = $hash);
