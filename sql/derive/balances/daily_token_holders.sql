-- TRC20 holders per UTC day and contract: addresses with a positive balance at the end of the day, opening balances
-- included (issue 11; /api/token/analysis type=1). Growth per-day without history: the new version's ledger
-- (main.trc20_balances: each position now, the openings included) is walked back over the moves of the rewritten
-- days and any after them (the newest days, so in practice the rewritten days only): a position's balance at the end
-- of day D = the ledger's balance minus what moved after D. A day's change = positions that turned positive minus
-- those that stopped being positive; a day's count = the contract's positive positions now minus the changes after
-- that day. Rows: each rewritten day a contract moved, and the lake's first day for every contract of the ledger or
-- with a move (so every TRC20 contract has a count from the lake's first day, opening balances included). Run over the rewritten days (`blocks` and
-- `token_transfers` are then those days); a full derive runs it over every day.
WITH win AS (
  SELECT DISTINCT "date" AS day FROM blocks
),
moves AS (
  SELECT contract_address AS token_id, to_address AS holder, "date" AS day, CAST(amount_raw AS HUGEINT) AS delta
  FROM main.token_transfers
  WHERE token_standard = 'trc20' AND "date" >= (SELECT min(day) FROM win)
  UNION ALL
  SELECT contract_address, from_address, "date", -CAST(amount_raw AS HUGEINT)
  FROM main.token_transfers
  WHERE token_standard = 'trc20' AND "date" >= (SELECT min(day) FROM win)
  UNION ALL
  -- Stablecoin moves without a Transfer (issue 31), as trc20_balances has them.
  SELECT contract_address, target_address, "date", CASE balance_effect WHEN 'credit' THEN 1 ELSE -1 END * CAST(amount_raw AS HUGEINT)
  FROM main.stablecoin_events
  WHERE balance_effect IS NOT NULL AND "date" >= (SELECT min(day) FROM win)
),
daily AS (
  SELECT token_id, holder, day, sum(delta) AS delta
  FROM moves
  WHERE holder <> zero_address()
  GROUP BY ALL
),
walk AS (
  -- Balance at the end of each day the position moved: now minus the moves of later days.
  SELECT d.token_id, d.day, d.delta,
         coalesce(CAST(l.balance_raw AS HUGEINT), 0)
           - (sum(d.delta) OVER (PARTITION BY d.token_id, d.holder)
              - sum(d.delta) OVER (PARTITION BY d.token_id, d.holder ORDER BY d.day ROWS UNBOUNDED PRECEDING)) AS bal_end
  FROM daily d
  LEFT JOIN main.trc20_balances l ON l.contract_address = d.token_id AND l.holder_address = d.holder
),
changes AS (
  SELECT token_id, day,
         CAST(sum(CASE WHEN bal_end > 0 THEN 1 ELSE 0 END - CASE WHEN bal_end - delta > 0 THEN 1 ELSE 0 END) AS BIGINT) AS change
  FROM walk
  GROUP BY ALL
),
holders_now AS (
  SELECT contract_address AS token_id, count(holder_rank) AS n
  FROM main.trc20_balances
  GROUP BY ALL
),
keys AS (
  SELECT token_id, day FROM changes WHERE day IN (SELECT day FROM win)
  UNION
  SELECT token_id, (SELECT min(day) FROM main.daily_network_stats)
  FROM (SELECT token_id FROM holders_now UNION SELECT token_id FROM changes)
  WHERE (SELECT min(day) FROM main.daily_network_stats) IN (SELECT day FROM win)
)
SELECT k.day, k.token_id,
       CAST(coalesce(h.n, 0) - coalesce((SELECT sum(c.change) FROM changes c WHERE c.token_id = k.token_id AND c.day > k.day), 0) AS BIGINT) AS holder_count,
       coalesce((SELECT c.change FROM changes c WHERE c.token_id = k.token_id AND c.day = k.day), 0) AS holder_change
FROM keys k
LEFT JOIN holders_now h ON h.token_id = k.token_id
