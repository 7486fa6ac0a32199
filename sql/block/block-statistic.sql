-- /api/block/statistic: whole-chain blocks and burn (NULL burn without an anchor), the lake's blocks, TRX issued
-- before the lake, and the blocks and burn of the 24 hours before the head block, computed once per version
-- (sql/serving/block_statistic.sql).
SELECT whole_block_count, lake_block_count, issued_before_sun, whole_burn_sun, last_day_block_count, last_day_fee FROM block_statistic;
