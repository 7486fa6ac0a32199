-- /api/block, a JSON page (the kit's variant of block.sql without a number): blocks, newest first by default, from
-- blocks_by_number (its DuckDB lookup files: zone maps over the number and the time prune to the page's vectors,
-- where a day's Parquet file decompressed a whole row group). $hash (a block id) ignores the time window (SPEC §4.9).
-- Witness names and ranks come from the per-version map (kit lookups.witnessInfo), not a join.
-- @total
-- @param block BIGINT
-- @param producer VARCHAR
-- @param hash VARCHAR
-- @param start_ts BIGINT
-- @param end_ts BIGINT
-- @param lim BIGINT
-- @param off BIGINT
SELECT b.block_number, b.block_hash, b.parent_hash, b."timestamp", b.size_bytes, b.tx_count, b.tx_trie_root,
       b.witness_address, b.version, b.fee, b.net_usage, b.energy_usage, is_confirmed(b.block_number) AS confirmed,
       head_block() - b.block_number AS confirmations
FROM blocks_by_number b
WHERE ($block IS NULL OR b.block_number = $block)
  AND ($producer IS NULL OR b.witness_address = $producer)
  AND ($hash IS NULL OR b.block_hash = $hash)
  AND ($start_ts IS NULL OR b."timestamp" >= $start_ts) AND ($end_ts IS NULL OR b."timestamp" <= $end_ts)
ORDER BY {{order_by}}
LIMIT $lim OFFSET $off;
