-- Exact distinct accounts of each calendar week and month to date (period_active_accounts, one row per period and
-- day) beside the period's transactions, calls and TRX moved (sun, exact) from its first day to that day. A week or
-- month figure of a range is the row of its last day in the range (the kit keeps it), so a request reads rows.
SELECT p.period, p.period_start, p.day, p.active_count, p.sender_count, p.caller_count,
       CAST(sum(d.tx_count) OVER w AS BIGINT) AS tx_count,
       CAST(sum(d.trigger_count) OVER w AS BIGINT) AS trigger_count,
       CAST(sum(CAST(d.trx_amount_raw AS HUGEINT)) OVER w AS VARCHAR) AS trx_amount_raw
FROM period_active_accounts p
JOIN daily_network_stats d ON d.day = p.day
WINDOW w AS (PARTITION BY p.period, p.period_start ORDER BY p.day)
ORDER BY p.period, p.day
