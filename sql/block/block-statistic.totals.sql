-- /api/block/statistic: all-time block count and burn, from the daily block rollup.
SELECT coalesce(sum(block_count), 0) AS block_count, coalesce(sum(fee), 0)::BIGINT AS fee
FROM daily_block_stats;
