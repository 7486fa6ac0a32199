-- /api/block: blocks, newest first by default. With a block number the kit binds that block's day and no time
-- bounds (a number ignores the time window, SPEC §4.9); $hash (a block id) also ignores the window.
-- @total
-- @param block BIGINT
-- @param producer VARCHAR
-- @param hash VARCHAR
-- @param lim BIGINT
-- @param off BIGINT
SELECT b.block_number, b.block_hash, b.parent_hash, b."timestamp", b.size_bytes, b.tx_count, b.tx_trie_root,
       b.witness_address, w.name AS witness_name, w.rank AS witness_rank, b.version, b.fee, b.net_usage,
       b.energy_usage, is_confirmed(b.block_number) AS confirmed, head_block() - b.block_number AS confirmations
FROM blocks b
LEFT JOIN witnesses w ON w.address = b.witness_address -- lookup
WHERE ($block IS NULL OR b.block_number = $block)
  AND ($producer IS NULL OR b.witness_address = $producer)
  AND ($hash IS NULL OR b.block_hash = $hash)
  AND {{> fragments/day-window b}}
ORDER BY {{order_by}}
LIMIT $lim OFFSET $off;
