-- Blocks per producer over the whole lake, from the daily block rollup: the exact rangeTotal of /api/block?producer=
-- without a time window, read once per version (a few hundred rows: one per witness that produced a block).
SELECT witness_address, sum(block_count)::BIGINT AS n
FROM daily_block_stats
WHERE witness_address IS NOT NULL
GROUP BY witness_address
ORDER BY witness_address;
