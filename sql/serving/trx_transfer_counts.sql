-- The TRX row's transfer counters (/api/tokens/overview, /api/token?id=0), one row per version: TRX transfers
-- (TransferContract) that succeeded, like the TRC10 rows' (token_flows) and the token rows' (logs of successful
-- transactions) counters (docs/compat.md). All time from the daily rollup; the 24 hours before the head block from
-- the raw transactions of the head's last two UTC days (the day before the head's and after; head_ts() is a
-- constant macro, so whole day files and row groups are skipped). One aggregate row: bounded whatever the lake.
SELECT (SELECT coalesce(sum(s.tx_count - s.failed_count), 0) FROM daily_transaction_stats s WHERE s.contract_type = 1) AS trx_transfer_count,
       (SELECT count(*) FROM transactions x
        WHERE x."date" >= strftime(epoch_ms((head_ts() // 86400000 - 1) * 86400000), '%Y-%m-%d')
          AND x."timestamp" > head_ts() - 86400000 AND x.contract_type = 1 AND x.contract_ret = 'SUCCESS') AS trx_transfer_count_24h
