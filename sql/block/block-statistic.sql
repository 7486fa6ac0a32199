-- /api/block/statistic: whole-chain blocks, burn and rewards (NULL without an anchor), and the blocks, burn and
-- rewards of the 24 hours before the head block, computed once per version (sql/serving/block_statistic.sql).
SELECT whole_block_count, whole_pay_sun, whole_burn_sun, last_day_block_count, last_day_fee, last_day_pay_sun FROM block_statistic;
