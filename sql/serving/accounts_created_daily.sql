-- Accounts created per UTC day (/api/overview/dailyaccounts), by their snapshot's creation time (sql/derive/accounts.sql),
-- computed once per version: one row per day that created one, so a request reads a few dozen rows instead of grouping
-- every account (bench profile, two batches: 4.1 M accounts, 101 ms p50 per request, bench/results/bench-10m.md).
-- Bounded by days.
SELECT strftime(epoch_ms(create_time), '%Y-%m-%d') AS day, count(*) AS n
FROM accounts
WHERE create_time > 0
GROUP BY 1
ORDER BY 1
