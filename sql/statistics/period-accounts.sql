-- Active accounts, senders and callers of calendar weeks or months ($granularity 'week' | 'month') to date, for each
-- day of [$start_day, $end_day], with the period's transactions, calls and TRX moved so far (period_accounts_series,
-- exact distinct counts: never sums of daily distincts). The kit keeps each period's row of its last day in the
-- range, so a period counts from its first day even when the range starts later.
-- @param start_day VARCHAR
-- @param end_day VARCHAR
-- @param granularity VARCHAR
SELECT period_start AS bucket, day, active_count, sender_count, caller_count, tx_count, trigger_count, trx_amount_raw
FROM period_accounts_series
WHERE period = $granularity AND day BETWEEN $start_day AND $end_day
