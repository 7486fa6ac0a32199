-- Transactions per UTC day in [$start_day, $end_day] from the daily rollup (additive: a week, month, quarter or
-- year is the sum of its days), with their fees in sun. The daily rollup of the transaction statistics series.
-- @param start_day VARCHAR
-- @param end_day VARCHAR
SELECT day, sum(tx_count)::BIGINT AS tx_count, sum(fee)::BIGINT AS fee
FROM daily_transaction_stats
WHERE day BETWEEN $start_day AND $end_day
GROUP BY day
ORDER BY day;
