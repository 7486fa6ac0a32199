-- /api/system/tps's figures, one row per version (all three are fixed by the version): the transactions of the blocks
-- in the last minute up to the head (the head's day file and the one before, as a minute may cross midnight; the
-- span, 60 s, is CURRENT_TPS_SPAN_MS of src/endpoints/home/tps.ts), the largest block of the lake
-- (witness_daily_stats, one row per day and producer), and the operator's anchor of the maximum before the lake
-- (chain_anchors 'max_tps', absent unless loaded). Bounded: one aggregate row over at most two day files.
SELECT (SELECT coalesce(sum(tx_count), 0)::BIGINT FROM blocks
        WHERE "date" >= strftime(epoch_ms((head_ts() // 86400000 - 1) * 86400000), '%Y-%m-%d')
          AND "timestamp" > head_ts() - 60000) AS recent_tx,
       (SELECT max(max_block_tx) FROM witness_daily_stats) AS max_block_tx,
       (SELECT max(CAST(value_raw AS BIGINT)) FROM chain_anchors WHERE name = 'max_tps') AS anchor_max_tps
