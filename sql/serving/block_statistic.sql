-- /api/block/statistic's figures, one row per version (docs/compat.md "Whole-chain figures"). Whole chain: blocks =
-- the head block's height + 1 (heights count every block from genesis, exact for any lake); TRX burned = the anchor
-- before the lake's first block (fragments/whole-anchors) + the lake's block fees, NULL without an anchor; the lake's
-- own block count beside it (rewards = the anchor's issued TRX + the lake's blocks × the reward per block, computed
-- by the endpoint); transactions (wholeChainTxCount of /api/transaction and /api/block) = the pre-window total + the
-- lake's, NULL without one, as the cumulative series count (sql/serving/daily_network_series.sql). The 24 hours
-- before the head block: the raw blocks of the head's last two UTC days (head_ts() is a constant macro: whole day
-- files and row groups are skipped). Bounded: one aggregate row.
WITH {{> fragments/whole-anchors}}, lake AS (
  SELECT coalesce(sum(block_count), 0)::BIGINT AS block_count, coalesce(sum(fee), 0)::HUGEINT AS fee,
         coalesce(sum(tx_count), 0)::HUGEINT AS tx_count
  FROM daily_block_stats
), last_day AS (
  SELECT count(*) AS block_count, coalesce(sum(fee), 0)::BIGINT AS fee
  FROM blocks
  WHERE "date" >= strftime(epoch_ms((head_ts() // 86400000 - 1) * 86400000), '%Y-%m-%d')
    AND "timestamp" > head_ts() - 86400000
)
SELECT a.head_block + 1 AS whole_block_count,
       lake.block_count AS lake_block_count,
       a.issued_sun AS issued_before_sun,
       a.burned_sun + lake.fee AS whole_burn_sun,
       CAST(a.tx_count + lake.tx_count AS BIGINT) AS whole_tx_count,
       last_day.block_count AS last_day_block_count,
       last_day.fee AS last_day_fee
FROM whole_anchors a CROSS JOIN lake CROSS JOIN last_day
