-- /api/block/statistic: all-time blocks and burn, and those of the 24 hours before the head block, computed once per
-- version (sql/serving/block_statistic.sql).
SELECT block_count, fee, last_day_block_count, last_day_fee FROM block_statistic;
