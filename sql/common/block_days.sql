-- Every UTC day (partition) of the lake with its first and last block, from the daily block rollup: read once per
-- version (ctx.versionRows), so a lookup by number finds the one day whose files to open without a statement.
SELECT day, min(first_block) AS first_block, max(last_block) AS last_block
FROM daily_block_stats
GROUP BY day
ORDER BY day;
