-- What each project contract holds per UTC day (issue 34): per contract of project_contracts and TRC20 token of its
-- `tokens` list, the day's amounts in and out and the balance at the end of the day. The moves are those of the
-- ledger (trc20_balances): Transfers, and stablecoin_events rows with a balance_effect (USDJ Mint / Burn, USDT
-- DestroyedBlackFunds). The balance now is the ledger's row (its anchor plus the moves after it); the balance at the
-- end of day D = the balance now minus the net moves of the days after D, as daily_stablecoin_supply walks its supply
-- back. Growth per-day: run over the rewritten days (`blocks` is then those days, always the newest), reading the moves
-- after them from main; a full derive runs it over every day. TRX ('_' in `tokens`) is not covered.
WITH win AS (
  SELECT DISTINCT "date" AS day FROM blocks
),
held AS (
  SELECT DISTINCT pc.contract_address, pc.project, pc.venue, pc.role, trim(t.token) AS token_address
  FROM main.project_contracts pc, unnest(string_split(pc.tokens, ',')) AS t(token)
  WHERE pc.tokens IS NOT NULL AND trim(t.token) <> '_'
),
moves AS (
  SELECT h.contract_address, h.token_address, x."date" AS day, CAST(x.amount_raw AS HUGEINT) AS amt_in, 0::HUGEINT AS amt_out
  FROM main.token_transfers x JOIN held h ON h.contract_address = x.to_address AND h.token_address = x.contract_address
  WHERE x.token_standard = 'trc20'
  UNION ALL
  SELECT h.contract_address, h.token_address, x."date", 0::HUGEINT, CAST(x.amount_raw AS HUGEINT)
  FROM main.token_transfers x JOIN held h ON h.contract_address = x.from_address AND h.token_address = x.contract_address
  WHERE x.token_standard = 'trc20'
  UNION ALL
  SELECT h.contract_address, h.token_address, e."date",
         CASE WHEN e.balance_effect = 'credit' THEN CAST(e.amount_raw AS HUGEINT) ELSE 0::HUGEINT END,
         CASE WHEN e.balance_effect = 'credit' THEN 0::HUGEINT ELSE CAST(e.amount_raw AS HUGEINT) END
  FROM main.stablecoin_events e JOIN held h ON h.contract_address = e.target_address AND h.token_address = e.contract_address
  WHERE e.balance_effect IS NOT NULL
),
daily AS (
  SELECT contract_address, token_address, day, sum(amt_in) AS amt_in, sum(amt_out) AS amt_out
  FROM moves
  WHERE day >= (SELECT min(day) FROM win)
  GROUP BY ALL
),
now AS (
  SELECT h.contract_address, h.token_address, coalesce(CAST(b.balance_raw AS HUGEINT), 0::HUGEINT) AS balance
  FROM held h LEFT JOIN main.trc20_balances b ON b.contract_address = h.token_address AND b.holder_address = h.contract_address
),
keys AS (
  SELECT contract_address, token_address, day FROM daily WHERE day IN (SELECT day FROM win)
  UNION
  SELECT contract_address, token_address, (SELECT min(day) FROM main.daily_network_stats)
  FROM now
  WHERE balance <> 0 AND (SELECT min(day) FROM main.daily_network_stats) IN (SELECT day FROM win)
)
SELECT k.day, epoch_ms(CAST(CAST(k.day AS DATE) AS TIMESTAMP)) AS day_ts, h.project, k.contract_address, h.venue, h.role,
       k.token_address,
       CAST(coalesce(d.amt_in, 0) AS VARCHAR) AS in_raw,
       CAST(coalesce(d.amt_out, 0) AS VARCHAR) AS out_raw,
       CAST(n.balance - coalesce((SELECT sum(l.amt_in - l.amt_out) FROM daily l
                                  WHERE l.contract_address = k.contract_address AND l.token_address = k.token_address AND l.day > k.day), 0) AS VARCHAR) AS balance_raw
FROM keys k
JOIN held h ON h.contract_address = k.contract_address AND h.token_address = k.token_address
JOIN now n ON n.contract_address = k.contract_address AND n.token_address = k.token_address
LEFT JOIN daily d ON d.contract_address = k.contract_address AND d.token_address = k.token_address AND d.day = k.day
