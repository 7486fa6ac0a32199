-- Distinct accounts of each calendar week (from Monday) and month, counted from the period's first day up to each
-- day of the lake (period-to-date): the figure of a week or month is the row of its last day. Weeks and months get
-- their own exact counts because distinct counts do not add up across days (issue 11). Same account roles as
-- daily_network_stats: active = senders plus receivers of TRX / TRC10 transfers; senders = owners; callers = owners
-- of TriggerSmartContract.
-- Growth per-day: a publish recomputes the days it rewrote (`transactions` is then those days only); each reads its
-- period's days of the day sets `main.daily_account_roles` (the new version's, derived before it; each account once a
-- day and role), not the raw transactions: a day appended to costs the day's accounts, not its transactions.
WITH touched AS (
  SELECT DISTINCT "date" AS day FROM transactions
),
periods AS (
  SELECT g.period, t.day, CAST(CAST(date_trunc(g.period, CAST(t.day AS DATE)) AS DATE) AS VARCHAR) AS period_start
  FROM touched t CROSS JOIN (VALUES ('week'), ('month')) g(period)
),
acts AS (
  -- A caller is a sender too (the owner), so the roles hold every active account of the day.
  SELECT day, address, role <> 'receiver' AS sent, role = 'caller' AS called
  FROM main.daily_account_roles
  WHERE day >= (SELECT min(period_start) FROM periods) AND day <= (SELECT max(day) FROM periods)
),
firsts AS (
  -- Each account's first day in its period in each role.
  SELECT g.period, CAST(CAST(date_trunc(g.period, CAST(a.day AS DATE)) AS DATE) AS VARCHAR) AS period_start, a.address,
         min(a.day) AS first_active, min(a.day) FILTER (WHERE a.sent) AS first_sent, min(a.day) FILTER (WHERE a.called) AS first_called
  FROM acts a CROSS JOIN (VALUES ('week'), ('month')) g(period)
  GROUP BY ALL
),
news AS (
  SELECT period, period_start, first_active AS day, count(*) AS n_active, 0 AS n_sent, 0 AS n_called FROM firsts GROUP BY ALL
  UNION ALL
  SELECT period, period_start, first_sent, 0, count(*), 0 FROM firsts WHERE first_sent IS NOT NULL GROUP BY ALL
  UNION ALL
  SELECT period, period_start, first_called, 0, 0, count(*) FROM firsts WHERE first_called IS NOT NULL GROUP BY ALL
)
SELECT p.day, p.period, p.period_start,
       CAST(coalesce(sum(n.n_active), 0) AS BIGINT) AS active_count,
       CAST(coalesce(sum(n.n_sent), 0) AS BIGINT) AS sender_count,
       CAST(coalesce(sum(n.n_called), 0) AS BIGINT) AS caller_count
FROM periods p
LEFT JOIN news n ON n.period = p.period AND n.period_start = p.period_start AND n.day <= p.day
GROUP BY p.day, p.period, p.period_start
