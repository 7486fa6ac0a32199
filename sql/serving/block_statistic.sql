-- /api/block/statistic's figures, one row per version (docs/compat.md "Whole-chain figures"). Whole chain: blocks =
-- the head block's height + 1 (heights count every block from genesis, exact for any lake); TRX burned = the anchor
-- before the lake's first block (fragments/whole-anchors) + the lake's block fees, NULL without an anchor; TRX issued
-- as rewards = the issued anchor + the lake's rewards in force at each block (daily_supply), NULL without the anchor
-- or while a block's rewards are unknown; transactions (wholeChainTxCount of /api/transaction and /api/block) = the
-- pre-window total + the lake's, NULL without one, as the cumulative series count (sql/serving/daily_network_series.sql).
-- The 24 hours before the head block: the raw blocks of the head's last two UTC days (head_ts() is a constant macro:
-- whole day files and row groups are skipped), each paid the block and vote rewards in force at its time
-- (chain_parameter_history, daily_supply's rule: the row with the greatest from_ts at or before it, a snapshot row
-- winning a tie; the genesis block pays none), NULL when one of them is unknown. Bounded: one aggregate row.
WITH {{> fragments/whole-anchors}}, lake AS (
  SELECT coalesce(sum(block_count), 0)::BIGINT AS block_count, coalesce(sum(fee), 0)::HUGEINT AS fee,
         coalesce(sum(tx_count), 0)::HUGEINT AS tx_count
  FROM daily_block_stats
), minted AS (
  SELECT coalesce(sum(block_pay + node_pay), 0)::HUGEINT AS pay, coalesce(sum(reward_unknown_blocks), 0) AS unknown
  FROM daily_supply
), reward AS (
  SELECT CASE WHEN coalesce(key, chain_parameter_key(parameter)) = 'getWitnessPayPerBlock' THEN 'block' ELSE 'vote' END AS what,
         from_ts, value
  FROM chain_parameter_history
  WHERE coalesce(key, chain_parameter_key(parameter)) IN ('getWitnessPayPerBlock', 'getWitness127PayPerBlock')
  QUALIFY row_number() OVER (PARTITION BY what, from_ts ORDER BY (source = 'snapshot') DESC, value) = 1
), window_blocks AS (
  SELECT block_number, "timestamp", fee
  FROM blocks
  WHERE "date" >= strftime(epoch_ms((head_ts() // 86400000 - 1) * 86400000), '%Y-%m-%d')
    AND "timestamp" > head_ts() - 86400000
), last_day AS (
  SELECT count(*) AS block_count, coalesce(sum(b.fee), 0)::BIGINT AS fee,
         CASE WHEN count(*) FILTER (WHERE b.block_number > 0 AND (bp.value IS NULL OR vp.value IS NULL)) = 0
              THEN coalesce(sum(bp.value + vp.value) FILTER (WHERE b.block_number > 0), 0) END::HUGEINT AS pay
  FROM window_blocks b
  ASOF LEFT JOIN (SELECT from_ts, value FROM reward WHERE what = 'block') bp ON b."timestamp" >= bp.from_ts
  ASOF LEFT JOIN (SELECT from_ts, value FROM reward WHERE what = 'vote') vp ON b."timestamp" >= vp.from_ts
)
SELECT a.head_block + 1 AS whole_block_count,
       CASE WHEN minted.unknown = 0 THEN a.issued_sun + minted.pay END AS whole_pay_sun,
       a.burned_sun + lake.fee AS whole_burn_sun,
       CAST(a.tx_count + lake.tx_count AS BIGINT) AS whole_tx_count,
       last_day.block_count AS last_day_block_count,
       last_day.fee AS last_day_fee,
       last_day.pay AS last_day_pay_sun
FROM whole_anchors a CROSS JOIN lake CROSS JOIN minted CROSS JOIN last_day
