-- /api/stableCoin/distribution/change: one stablecoin contract's positive balances per UTC day, by holder category,
-- and each day's $top largest holders; one point per day from the contract's first row in token_balance_history to
-- the head's day (no row: no point). Kinds of rows: 'day' (every point), 'category' (a day's total of a category that
-- has a holder on some day), 'top' (a day's rank `rn` holder).
-- Balances: token_balance_history has no running balance, so a holder's balance at the end of a day it moved is the
-- head ledger's (trc20_balances, any sign) minus its deltas of the later days (a suffix sum over its own rows), held
-- until its next move day; before its first move in the lake (or always, for a holder in the ledger without a row) it
-- holds the head balance minus all its deltas, counted from the first point. Days are numbers (days since 1970-01-01);
-- each (holder, move day) is one segment [start_dn, end_dn) of one balance (end: the next move day, else the day after
-- the head): the cost is linear in the contract's rows, never holders × days.
-- Categories: fragments/stable-holder-category (the categories of /api/stableCoin/distribution), applied to every day.
-- A category's daily total: each positive segment adds its balance at start_dn and takes it away at end_dn (a
-- difference array); a running sum over the days gives each day's total.
-- Top holders, exact with pruning. S = the $candidates holders of the largest peak (highest positive end-of-day
-- balance), t_d = the $top-th largest balance among S's holders on day d (0 when fewer than $top of them hold on d),
-- L = the least positive t_d. A holder in day d's top $top holds, on d, b ≥ the day's $top-th largest balance of all
-- holders ≥ the $top-th largest of the subset S = t_d. So the segment that gives it b on d has balance ≥ L when
-- t_d > 0, or covers a day with t_d = 0: the contenders, segments with balance ≥ L or covering such a day, expanded
-- to their days and kept where balance ≥ t_d, hold every day's top (ranked by balance, then address). The expansions
-- cost ≤ $candidates × points for S and, for the contenders, the days of the few segments reaching L (plus those
-- covering a day with t_d = 0: early days, when fewer than $top of the largest holders held anything).
-- @param token VARCHAR
-- @param top BIGINT
-- @param candidates BIGINT
WITH moves AS (
  SELECT holder_address, date_diff('day', DATE '1970-01-01', CAST("day" AS DATE)) AS dn, sum(CAST(delta_raw AS HUGEINT)) AS delta
  FROM token_balance_history
  WHERE token_id = $token
  GROUP BY 1, 2
),
bounds AS (
  SELECT min(dn) AS first_dn, head_ts() // 86400000 AS head_dn FROM moves
),
days AS (
  SELECT dn, strftime(DATE '1970-01-01' + CAST(dn AS INTEGER), '%Y-%m-%d') AS "day"
  FROM bounds, range(first_dn, head_dn + 1) t(dn)
  WHERE first_dn IS NOT NULL
),
head AS (
  SELECT holder_address, CAST(balance_raw AS HUGEINT) AS bal FROM trc20_balances WHERE contract_address = $token
),
ends AS (
  SELECT m.holder_address, m.dn AS start_dn,
         coalesce(lead(m.dn) OVER w, (SELECT head_dn + 1 FROM bounds)) AS end_dn,
         coalesce(h.bal, 0) - coalesce(sum(m.delta) OVER (PARTITION BY m.holder_address ORDER BY m.dn
                                                          ROWS BETWEEN 1 FOLLOWING AND UNBOUNDED FOLLOWING), 0) AS bal
  FROM moves m LEFT JOIN head h ON h.holder_address = m.holder_address
  WINDOW w AS (PARTITION BY m.holder_address ORDER BY m.dn)
),
openings AS (
  SELECT coalesce(m.holder_address, h.holder_address) AS holder_address, (SELECT first_dn FROM bounds) AS start_dn,
         coalesce(m.first_move, (SELECT head_dn + 1 FROM bounds)) AS end_dn, coalesce(h.bal, 0) - coalesce(m.total, 0) AS bal
  FROM (SELECT holder_address, min(dn) AS first_move, sum(delta) AS total FROM moves GROUP BY 1) m
  FULL JOIN head h ON h.holder_address = m.holder_address
),
seg AS (
  SELECT holder_address, start_dn, end_dn, bal FROM ends WHERE bal > 0
  UNION ALL
  SELECT holder_address, start_dn, end_dn, bal FROM openings WHERE bal > 0 AND start_dn IS NOT NULL AND end_dn > start_dn
),
{{> fragments/stable-holder-category seg}},
steps AS (
  SELECT c.category, s.start_dn AS dn, s.bal AS step FROM seg s JOIN holder_category c ON c.holder_address = s.holder_address
  UNION ALL
  SELECT c.category, s.end_dn, -s.bal FROM seg s JOIN holder_category c ON c.holder_address = s.holder_address
),
daily AS (
  SELECT d.dn, c.category, coalesce(sum(s.step), 0) AS step
  FROM days d CROSS JOIN (SELECT DISTINCT category FROM holder_category) c
  LEFT JOIN steps s ON s.dn = d.dn AND s.category = c.category
  GROUP BY 1, 2
),
totals AS (
  SELECT dn, category, sum(step) OVER (PARTITION BY category ORDER BY dn) AS value FROM daily
),
leaders AS (
  SELECT s.bal, s.start_dn, s.end_dn
  FROM seg s JOIN (SELECT holder_address FROM seg GROUP BY 1 ORDER BY max(bal) DESC, holder_address LIMIT $candidates) p
    ON p.holder_address = s.holder_address
),
leader_ranks AS (
  SELECT dn, bal, row_number() OVER (PARTITION BY dn ORDER BY bal DESC) AS rn
  FROM (SELECT bal, unnest(range(start_dn, end_dn)) AS dn FROM leaders)
),
thresholds AS (
  SELECT d.dn, coalesce(r.bal, 0) AS t FROM days d LEFT JOIN leader_ranks r ON r.dn = d.dn AND r.rn = $top
),
zero_days AS (
  -- Per point and the day after the head: how many earlier points have t = 0 (fewer than $top leaders hold).
  SELECT dn, coalesce(sum(CASE WHEN t = 0 THEN 1 ELSE 0 END) OVER (ORDER BY dn ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS before
  FROM thresholds
  UNION ALL
  SELECT (SELECT head_dn + 1 FROM bounds), (SELECT count(*) FILTER (WHERE t = 0) FROM thresholds)
),
contenders AS (
  SELECT s.holder_address, s.bal, s.start_dn, s.end_dn
  FROM seg s JOIN zero_days a ON a.dn = s.start_dn JOIN zero_days b ON b.dn = s.end_dn
  WHERE s.bal >= (SELECT min(t) FILTER (WHERE t > 0) FROM thresholds) OR b.before > a.before
),
tops AS (
  SELECT x.dn, x.holder_address, x.bal, row_number() OVER (PARTITION BY x.dn ORDER BY x.bal DESC, x.holder_address) AS rn
  FROM (SELECT holder_address, bal, unnest(range(start_dn, end_dn)) AS dn FROM contenders) x
  JOIN thresholds t ON t.dn = x.dn AND x.bal >= t.t
)
SELECT 'day' AS kind, "day", CAST(NULL AS VARCHAR) AS "key", CAST(NULL AS VARCHAR) AS value, CAST(NULL AS BIGINT) AS rn FROM days
UNION ALL
SELECT 'category', d."day", t.category, CAST(t.value AS VARCHAR), CAST(NULL AS BIGINT) FROM totals t JOIN days d ON d.dn = t.dn
UNION ALL
SELECT 'top', d."day", t.holder_address, CAST(t.bal AS VARCHAR), t.rn FROM tops t JOIN days d ON d.dn = t.dn WHERE t.rn <= $top
ORDER BY "day", kind, rn, "key";
