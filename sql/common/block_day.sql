-- The UTC day (partition) holding a block, from the daily block rollup: lets a lookup by number open one day's files.
-- @param block BIGINT
SELECT day FROM daily_block_stats
GROUP BY day
HAVING min(first_block) <= $block AND max(last_block) >= $block
LIMIT 1;
