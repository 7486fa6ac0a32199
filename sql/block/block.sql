-- /api/block as a download (CSV: the statement's own columns, witness name and rank joined) and its count; a JSON page
-- is read by the kit's variants block.page.sql and block.number.sql, the same rows without the join. From
-- blocks_by_number (its DuckDB lookup files); a number or $hash (a block id) ignores the time window (SPEC §4.9).
-- @total
-- @param block BIGINT
-- @param producer VARCHAR
-- @param hash VARCHAR
-- @param start_ts BIGINT
-- @param end_ts BIGINT
-- @param lim BIGINT
-- @param off BIGINT
SELECT b.block_number, b.block_hash, b.parent_hash, b."timestamp", b.size_bytes, b.tx_count, b.tx_trie_root,
       b.witness_address, w.name AS witness_name, w.rank AS witness_rank, b.version, b.fee, b.net_usage,
       b.energy_usage, is_confirmed(b.block_number) AS confirmed, head_block() - b.block_number AS confirmations
FROM blocks_by_number b
LEFT JOIN witnesses w ON w.address = b.witness_address -- lookup
WHERE ($block IS NULL OR b.block_number = $block)
  AND ($producer IS NULL OR b.witness_address = $producer)
  AND ($hash IS NULL OR b.block_hash = $hash)
  AND ($start_ts IS NULL OR b."timestamp" >= $start_ts) AND ($end_ts IS NULL OR b."timestamp" <= $end_ts)
ORDER BY {{order_by}}
LIMIT $lim OFFSET $off;
