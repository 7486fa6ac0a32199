-- Per UTC day and stablecoin contract (/api/stableCoin/distribution/change, issue 31): the positive balances at the
-- end of the day summed by holder category (six 'category' rows, zeros included) and the day's 10 largest holders
-- ('top' rows, rank 1-10). A contract has a point on a day when a holder's balance at the end of it is not zero, or a
-- balance moved that day (before its first move and after every balance went back to zero: no point).
-- Growth per-day: run over the rewritten days, always the newest (`blocks` is then those days, through the head's
-- day: checked below), reading the head ledger from main; a full derive runs it over every day. The balance of a holder
-- at the end of a day of the window = the head ledger's (trc20_balances, any sign) minus its moves of the later days
-- of the window (fragments/trc20-balance-moves, read from the window's raw rows): an older day's balances do not move
-- when blocks are appended (the ledger moves by exactly the new moves), and a changed anchor or reference rebuilds the
-- dataset in full (publish.ts: readers of a changed ledger anchor or reference dataset).
-- Days are numbers (days since 1970-01-01); each (holder, move day) is one segment [start_dn, end_dn) of one balance
-- (end: the next move day, else the day after the head), and the balance before a holder's first move in the window
-- (or always, for a holder of the ledger without a move) is one more segment from the window's first day: the cost is
-- the window's moves plus the six contracts' holders, never holders × days.
-- Categories: fragments/stable-holder-category (the version's labels and contracts, applied to every day derived).
-- A category's daily total: each positive segment adds its balance at start_dn and takes it away at end_dn (a
-- difference array); a running sum over the days gives each day's total.
-- Top holders, exact with pruning, per contract. S = the 100 holders of the largest peak (highest positive end-of-day
-- balance in the window), t_d = the 10th largest balance among S's holders on day d (0 when fewer than 10 of them hold
-- on d), L = the least positive t_d. A holder in day d's top 10 holds, on d, b ≥ the day's 10th largest balance of all
-- holders ≥ the 10th largest of the subset S = t_d. So the segment that gives it b on d has balance ≥ L when t_d > 0,
-- or covers a day with t_d = 0: the contenders, segments with balance ≥ L or covering such a day, expanded to their
-- days and kept where balance ≥ t_d, hold every day's top (ranked by balance, then address). The expansions cost
-- ≤ 100 × days for S and, for the contenders, the days of the few segments reaching L (plus those covering a day with
-- t_d = 0: early days, when fewer than 10 of the largest holders held anything).
WITH win AS (
  SELECT DISTINCT "date" AS day FROM blocks
),
bounds AS (
  SELECT date_diff('day', DATE '1970-01-01', CAST(min(day) AS DATE)) AS lo_dn,
         (SELECT max("timestamp") FROM blocks) // 86400000 AS head_dn,
         count(*) AS n
  FROM win
),
checked AS (
  -- The window is every day from its first to the head's: a day left out would leave its moves out of the later days'
  -- walk back (error() stops the publish instead of writing wrong balances).
  SELECT lo_dn, head_dn FROM bounds
  WHERE lo_dn IS NOT NULL
    AND CASE WHEN n = head_dn - lo_dn + 1 THEN true ELSE error('daily_stablecoin_distribution: the rewritten days are not the newest days through the head') END
),
{{> fragments/stable-contracts}},
{{> fragments/trc20-balance-moves token_transfers stablecoin_events}},
moves AS (
  SELECT token_id AS contract_address, holder_address, "timestamp" // 86400000 AS dn, sum(delta) AS delta
  FROM trc20_balance_moves
  WHERE token_id IN (SELECT contract_address FROM stable_contracts) AND holder_address IS NOT NULL AND holder_address <> zero_address()
  GROUP BY ALL
),
head AS (
  SELECT contract_address, holder_address, CAST(balance_raw AS HUGEINT) AS bal
  FROM trc20_balances
  WHERE contract_address IN (SELECT contract_address FROM stable_contracts)
),
ends AS (
  SELECT m.contract_address, m.holder_address, m.dn AS start_dn,
         coalesce(lead(m.dn) OVER w, (SELECT head_dn + 1 FROM checked)) AS end_dn,
         coalesce(h.bal, 0) - coalesce(sum(m.delta) OVER (PARTITION BY m.contract_address, m.holder_address ORDER BY m.dn
                                                   ROWS BETWEEN 1 FOLLOWING AND UNBOUNDED FOLLOWING), 0) AS bal
  FROM moves m LEFT JOIN head h ON h.contract_address = m.contract_address AND h.holder_address = m.holder_address
  WINDOW w AS (PARTITION BY m.contract_address, m.holder_address ORDER BY m.dn)
),
openings AS (
  SELECT coalesce(m.contract_address, h.contract_address) AS contract_address, coalesce(m.holder_address, h.holder_address) AS holder_address,
         (SELECT lo_dn FROM checked) AS start_dn, coalesce(m.first_move, (SELECT head_dn + 1 FROM checked)) AS end_dn,
         coalesce(h.bal, 0) - coalesce(m.total, 0) AS bal
  FROM (SELECT contract_address, holder_address, min(dn) AS first_move, sum(delta) AS total FROM moves GROUP BY ALL) m
  FULL JOIN head h ON h.contract_address = m.contract_address AND h.holder_address = m.holder_address
),
held AS (
  -- Every stretch of one non-zero balance.
  SELECT contract_address, holder_address, start_dn, end_dn, bal FROM ends WHERE bal <> 0
  UNION ALL
  SELECT contract_address, holder_address, start_dn, end_dn, bal FROM openings WHERE bal <> 0 AND start_dn IS NOT NULL AND end_dn > start_dn
),
seg AS (
  SELECT * FROM held WHERE bal > 0
),
{{> fragments/stable-holder-category seg}},
days AS (
  SELECT c.contract_address, t.dn FROM stable_contracts c, checked, range(checked.lo_dn, checked.head_dn + 1) t(dn)
),
cats(category) AS (
  VALUES ('exchange'), ('JustLend'), ('SunSwap'), ('SunCurve'), ('otherAccount'), ('otherContract'), ('held')
),
steps AS (
  SELECT s.contract_address, c.category, s.start_dn AS dn, s.bal AS step FROM seg s JOIN holder_category c ON c.holder_address = s.holder_address
  UNION ALL
  SELECT s.contract_address, c.category, s.end_dn, -s.bal FROM seg s JOIN holder_category c ON c.holder_address = s.holder_address
  UNION ALL
  -- 'held': how many non-zero balances the contract has at the end of the day (a point when > 0).
  SELECT contract_address, 'held', start_dn, 1 FROM held
  UNION ALL
  SELECT contract_address, 'held', end_dn, -1 FROM held
),
daily AS (
  SELECT d.contract_address, d.dn, k.category, coalesce(sum(s.step), 0) AS step
  FROM days d CROSS JOIN cats k
  LEFT JOIN steps s ON s.contract_address = d.contract_address AND s.dn = d.dn AND s.category = k.category
  GROUP BY ALL
),
totals AS (
  SELECT contract_address, dn, category, sum(step) OVER (PARTITION BY contract_address, category ORDER BY dn) AS value FROM daily
),
points AS (
  SELECT contract_address, dn FROM totals WHERE category = 'held' AND value > 0
  UNION
  SELECT contract_address, dn FROM moves
),
peaks AS (
  SELECT contract_address, holder_address,
         row_number() OVER (PARTITION BY contract_address ORDER BY peak DESC, holder_address) AS r
  FROM (SELECT contract_address, holder_address, max(bal) AS peak FROM seg GROUP BY ALL)
),
leaders AS (
  SELECT s.contract_address, s.bal, s.start_dn, s.end_dn
  FROM seg s JOIN peaks p ON p.contract_address = s.contract_address AND p.holder_address = s.holder_address AND p.r <= 100
),
leader_ranks AS (
  SELECT contract_address, dn, bal, row_number() OVER (PARTITION BY contract_address, dn ORDER BY bal DESC) AS rn
  FROM (SELECT contract_address, bal, unnest(range(start_dn, end_dn)) AS dn FROM leaders)
),
thresholds AS (
  SELECT d.contract_address, d.dn, coalesce(r.bal, 0) AS t
  FROM days d LEFT JOIN leader_ranks r ON r.contract_address = d.contract_address AND r.dn = d.dn AND r.rn = 10
),
zero_days AS (
  -- Per day and the day after the head: how many earlier days have t = 0 (fewer than 10 leaders hold).
  SELECT contract_address, dn,
         coalesce(sum(CASE WHEN t = 0 THEN 1 ELSE 0 END) OVER (PARTITION BY contract_address ORDER BY dn ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS before
  FROM thresholds
  UNION ALL
  SELECT contract_address, (SELECT head_dn + 1 FROM checked), count(*) FILTER (WHERE t = 0) FROM thresholds GROUP BY contract_address
),
least AS (
  SELECT contract_address, min(t) FILTER (WHERE t > 0) AS l FROM thresholds GROUP BY contract_address
),
contenders AS (
  SELECT s.contract_address, s.holder_address, s.bal, s.start_dn, s.end_dn
  FROM seg s
  JOIN zero_days a ON a.contract_address = s.contract_address AND a.dn = s.start_dn
  JOIN zero_days b ON b.contract_address = s.contract_address AND b.dn = s.end_dn
  JOIN least l ON l.contract_address = s.contract_address
  WHERE s.bal >= l.l OR b.before > a.before
),
tops AS (
  SELECT x.contract_address, x.dn, x.holder_address, x.bal,
         row_number() OVER (PARTITION BY x.contract_address, x.dn ORDER BY x.bal DESC, x.holder_address) AS rn
  FROM (SELECT contract_address, holder_address, bal, unnest(range(start_dn, end_dn)) AS dn FROM contenders) x
  JOIN thresholds t ON t.contract_address = x.contract_address AND t.dn = x.dn AND x.bal >= t.t
),
answer AS (
  SELECT p.contract_address, p.dn, 'category' AS kind, t.category, CAST(NULL AS VARCHAR) AS holder_address,
         CAST(NULL AS INTEGER) AS rank, t.value AS amount
  FROM points p JOIN totals t ON t.contract_address = p.contract_address AND t.dn = p.dn AND t.category <> 'held'
  UNION ALL
  SELECT p.contract_address, p.dn, 'top', NULL, x.holder_address, CAST(x.rn AS INTEGER), x.bal
  FROM points p JOIN tops x ON x.contract_address = p.contract_address AND x.dn = p.dn AND x.rn <= 10
)
SELECT strftime(DATE '1970-01-01' + CAST(dn AS INTEGER), '%Y-%m-%d') AS day, contract_address, kind, category, holder_address, rank,
       CAST(amount AS VARCHAR) AS amount_raw
FROM answer
