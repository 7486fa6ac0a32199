-- /api/block/statistic's figures, one row per version: all-time blocks and burn from the daily block rollup, and
-- the blocks and burn of the 24 hours before the head block from the raw blocks of the head's last two UTC days
-- (head_ts() is a constant macro: whole day files and row groups are skipped). Bounded: one aggregate row.
WITH last_day AS (
  SELECT count(*) AS block_count, coalesce(sum(fee), 0)::BIGINT AS fee
  FROM blocks
  WHERE "date" >= strftime(epoch_ms((head_ts() // 86400000 - 1) * 86400000), '%Y-%m-%d')
    AND "timestamp" > head_ts() - 86400000
)
SELECT (SELECT coalesce(sum(block_count), 0) FROM daily_block_stats) AS block_count,
       (SELECT coalesce(sum(fee), 0)::BIGINT FROM daily_block_stats) AS fee,
       last_day.block_count AS last_day_block_count,
       last_day.fee AS last_day_fee
FROM last_day
