-- The TRX row's transfer counters (/api/tokens/overview, /api/token?id=0): TRX transfers (TransferContract) that
-- succeeded, like the TRC10 rows' (token_flows) and the token rows' (logs of successful transactions) counters
-- (docs/compat.md). All time from the daily rollup; the 24 hours before the head block from the raw transactions of
-- the head's last two UTC days ($recent_day = the day before the head's, $recent_ts = head - 24 h: bound values,
-- so whole day files and row groups are skipped). No trailing semicolon: tokens-overview.sql includes it.
-- @param recent_day VARCHAR
-- @param recent_ts BIGINT
SELECT (SELECT coalesce(sum(s.tx_count - s.failed_count), 0) FROM daily_transaction_stats s WHERE s.contract_type = 1) AS trx_transfer_count,
       (SELECT count(*) FROM transactions x
        WHERE x."date" >= $recent_day AND x."timestamp" > $recent_ts AND x.contract_type = 1 AND x.contract_ret = 'SUCCESS') AS trx_transfer_count_24h
