-- /api/system/tps: transactions of the blocks in the last minute up to the head (pruned by timestamp statistics),
-- the largest block of the lake (witness_daily_stats, one row per day and producer), and the operator's anchor of
-- the maximum before the lake (chain_anchors 'max_tps', absent unless loaded).
-- @param since BIGINT
SELECT (SELECT coalesce(sum(tx_count), 0)::BIGINT FROM blocks WHERE "timestamp" > $since) AS recent_tx,
       (SELECT max(max_block_tx) FROM witness_daily_stats) AS max_block_tx,
       (SELECT max(CAST(value_raw AS BIGINT)) FROM chain_anchors WHERE name = 'max_tps') AS anchor_max_tps
