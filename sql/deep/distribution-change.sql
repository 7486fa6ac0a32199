-- /api/stableCoin/distribution/change: one stablecoin contract's positive balances per UTC day, by holder category,
-- and each day's $top largest holders; one point per day from the contract's first row in token_balance_history to
-- the head's day (no row: no point). Kinds of rows: 'day' (every point), 'category' (a day's total of a category that
-- has a holder on some day), 'top' (a day's rank `rn` holder).
-- Balances: token_balance_history has no running balance, so a holder's balance at the end of a day it moved is the
-- head ledger's (trc20_balances, any sign) minus its deltas of the later days (a suffix sum over its own rows), held
-- until its next move day; before its first move in the lake (or always, for a holder in the ledger without a row) it
-- holds the head balance minus all its deltas, counted from the first point. Each (holder, move) is one segment
-- [start_day, end_day) of one balance: the cost is linear in the contract's rows, never holders × days.
-- Categories: fragments/stable-holder-category (the categories of /api/stableCoin/distribution), applied to every day.
-- A category's daily total: each positive segment adds its balance at start_day and takes it away at end_day (a
-- difference array); a running sum over the days gives each day's total.
-- Top holders, exact with pruning. Let S be the $candidates holders of the largest peak (highest positive balance over
-- the points), t_d the $top-th largest balance among S's holders on day d (0 when fewer than $top of them hold on d),
-- L = min over the days of t_d. A holder in day d's top $top holds b ≥ the day's $top-th largest balance of all holders
-- ≥ the $top-th largest of the subset S = t_d ≥ L, so its peak ≥ L and its segment covering d has balance ≥ t_d: the
-- contenders (peak ≥ L) joined to the days by range (start_day ≤ d < end_day, balance ≥ t_d) hold every day's top,
-- ranked by balance then address.
-- @param token VARCHAR
-- @param top BIGINT
-- @param candidates BIGINT
WITH moves AS (
  SELECT holder_address, "day", sum(CAST(delta_raw AS HUGEINT)) AS delta
  FROM token_balance_history
  WHERE token_id = $token
  GROUP BY 1, 2
),
bounds AS (
  SELECT min("day") AS first_day, strftime(epoch_ms(head_ts()), '%Y-%m-%d') AS head_day FROM moves
),
days AS (
  SELECT strftime(d, '%Y-%m-%d') AS "day"
  FROM bounds, generate_series(CAST(first_day AS DATE), CAST(head_day AS DATE), INTERVAL 1 DAY) t(d)
  WHERE first_day IS NOT NULL
),
head AS (
  SELECT holder_address, CAST(balance_raw AS HUGEINT) AS bal FROM trc20_balances WHERE contract_address = $token
),
ends AS (
  SELECT m.holder_address, m."day" AS start_day,
         coalesce(lead(m."day") OVER w, '9999-12-31') AS end_day,
         coalesce(h.bal, 0) - coalesce(sum(m.delta) OVER (PARTITION BY m.holder_address ORDER BY m."day"
                                                          ROWS BETWEEN 1 FOLLOWING AND UNBOUNDED FOLLOWING), 0) AS bal
  FROM moves m LEFT JOIN head h ON h.holder_address = m.holder_address
  WINDOW w AS (PARTITION BY m.holder_address ORDER BY m."day")
),
openings AS (
  SELECT coalesce(m.holder_address, h.holder_address) AS holder_address, (SELECT first_day FROM bounds) AS start_day,
         coalesce(m.first_move, '9999-12-31') AS end_day, coalesce(h.bal, 0) - coalesce(m.total, 0) AS bal
  FROM (SELECT holder_address, min("day") AS first_move, sum(delta) AS total FROM moves GROUP BY 1) m
  FULL JOIN head h ON h.holder_address = m.holder_address
),
seg AS (
  SELECT holder_address, start_day, end_day, bal FROM ends WHERE bal > 0
  UNION ALL
  SELECT holder_address, start_day, end_day, bal FROM openings WHERE bal > 0 AND start_day IS NOT NULL AND end_day > start_day
),
{{> fragments/stable-holder-category seg}},
steps AS (
  SELECT c.category, s.start_day AS "day", s.bal AS step FROM seg s JOIN holder_category c ON c.holder_address = s.holder_address
  UNION ALL
  SELECT c.category, s.end_day, -s.bal FROM seg s JOIN holder_category c ON c.holder_address = s.holder_address
  WHERE s.end_day <> '9999-12-31'
),
daily AS (
  SELECT d."day", c.category, coalesce(sum(s.step), 0) AS step
  FROM days d CROSS JOIN (SELECT DISTINCT category FROM holder_category) c
  LEFT JOIN steps s ON s."day" = d."day" AND s.category = c.category
  GROUP BY 1, 2
),
totals AS (
  SELECT "day", category, sum(step) OVER (PARTITION BY category ORDER BY "day") AS value FROM daily
),
peaks AS (
  SELECT holder_address, max(bal) AS peak FROM seg GROUP BY 1
),
leaders AS (
  SELECT s.holder_address, s.start_day, s.end_day, s.bal
  FROM seg s JOIN (SELECT holder_address FROM peaks ORDER BY peak DESC, holder_address LIMIT $candidates) p
    ON p.holder_address = s.holder_address
),
leader_ranks AS (
  SELECT d."day", l.bal, row_number() OVER (PARTITION BY d."day" ORDER BY l.bal DESC) AS rn
  FROM days d JOIN leaders l ON d."day" >= l.start_day AND d."day" < l.end_day
),
thresholds AS (
  SELECT d."day", coalesce(r.bal, 0) AS t FROM days d LEFT JOIN leader_ranks r ON r."day" = d."day" AND r.rn = $top
),
contenders AS (
  SELECT s.holder_address, s.start_day, s.end_day, s.bal
  FROM seg s JOIN peaks p ON p.holder_address = s.holder_address
  WHERE p.peak >= (SELECT min(t) FROM thresholds)
),
tops AS (
  SELECT t."day", c.holder_address, c.bal,
         row_number() OVER (PARTITION BY t."day" ORDER BY c.bal DESC, c.holder_address) AS rn
  FROM thresholds t JOIN contenders c ON t."day" >= c.start_day AND t."day" < c.end_day AND c.bal >= t.t
)
SELECT 'day' AS kind, "day", CAST(NULL AS VARCHAR) AS "key", CAST(NULL AS VARCHAR) AS value, CAST(NULL AS BIGINT) AS rn FROM days
UNION ALL
SELECT 'category', "day", category, CAST(value AS VARCHAR), CAST(NULL AS BIGINT) FROM totals
UNION ALL
SELECT 'top', "day", holder_address, CAST(bal AS VARCHAR), rn FROM tops WHERE rn <= $top
ORDER BY "day", kind, rn, "key";
