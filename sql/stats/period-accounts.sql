-- Active accounts, senders and callers of calendar weeks or months ($granularity 'week' | 'month') holding days of
-- [$start_day, $end_day], exact (period_active_accounts: distinct counts from the period's first day; never sums
-- of daily distincts). A period's row is its figure up to its last day in the range, so a period counts from its
-- first day even when the range starts later; its transactions and TRX moved are summed over the same days.
-- @param start_day VARCHAR
-- @param end_day VARCHAR
-- @param granularity VARCHAR
WITH last AS (
  SELECT period_start, day AS last_day, active_count, sender_count, caller_count
  FROM period_active_accounts
  WHERE period = $granularity AND day BETWEEN $start_day AND $end_day
  QUALIFY row_number() OVER (PARTITION BY period_start ORDER BY day DESC) = 1
)
SELECT l.period_start AS day, l.last_day, l.active_count, l.sender_count, l.caller_count,
       CAST(sum(d.tx_count) AS BIGINT) AS tx_count,
       CAST(sum(d.trigger_count) AS BIGINT) AS trigger_count,
       CAST(sum(CAST(d.trx_amount_raw AS HUGEINT)) AS VARCHAR) AS trx_amount_raw
FROM last l
JOIN daily_network_stats d ON d.day BETWEEN l.period_start AND l.last_day
GROUP BY ALL
ORDER BY day;
