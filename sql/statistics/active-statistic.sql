-- Active accounts, senders, transactions and TRX moved (sun, exact) per UTC day of [$start_day, $end_day], with the day
-- before's active accounts (daily_network_series).
-- @param start_day VARCHAR
-- @param end_day VARCHAR
SELECT day, active_count, prev_active_count, sender_count, tx_count, trx_amount_raw
FROM daily_network_series
WHERE day BETWEEN $start_day AND $end_day
