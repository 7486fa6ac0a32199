-- What each project contract holds per UTC day (issue 34): per contract of project_contracts and TRC20 token of its
-- `tokens` list, the day's amounts in and out and the balance at the end of the day. The moves are those of the
-- ledger (trc20_balances): Transfers, and stablecoin_events rows with a balance_effect (USDJ Mint / Burn, USDT
-- DestroyedBlackFunds). The balance now is the ledger's row (its anchor plus the moves after it); the balance at the
-- end of day D = the balance now minus the net moves of the days after D, as daily_stablecoin_supply walks its supply
-- back. Growth per-day: run over the rewritten days (`blocks` is then those days, always the newest), reading the moves
-- after them from main; a full derive runs it over every day. TRX ('_' in `tokens`: a V1 exchange's TRX side, jTRX's
-- cash) moves by trx_flows (transfers, call values, internal transactions, fees) and is now trx_balances (the newest
-- account snapshot at or before the head plus the flows after it); a contract whose TRX never moved in the lake keeps
-- its newest snapshot at or before the head.
WITH win AS (
  SELECT DISTINCT "date" AS day FROM blocks
),
held AS (
  SELECT DISTINCT pc.contract_address, pc.project, pc.venue, pc.role, trim(t.token) AS token_address
  FROM main.project_contracts pc, unnest(string_split(pc.tokens, ',')) AS t(token)
  WHERE pc.tokens IS NOT NULL
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
  UNION ALL
  SELECT h.contract_address, h.token_address, strftime(epoch_ms(f."timestamp"), '%Y-%m-%d'),
         CASE WHEN f.delta > 0 THEN CAST(f.delta AS HUGEINT) ELSE 0::HUGEINT END,
         CASE WHEN f.delta < 0 THEN CAST(-f.delta AS HUGEINT) ELSE 0::HUGEINT END
  FROM main.trx_flows f JOIN held h ON h.contract_address = f.address AND h.token_address = '_'
  WHERE f.address IN (SELECT contract_address FROM held WHERE token_address = '_')
),
daily AS (
  SELECT contract_address, token_address, day, sum(amt_in) AS amt_in, sum(amt_out) AS amt_out
  FROM moves
  WHERE day >= (SELECT min(day) FROM win)
  GROUP BY ALL
),
trx_snap AS (
  SELECT address, balance FROM main.account_snapshots
  WHERE as_of_block <= (SELECT max(block_number) FROM main.blocks) AND address IN (SELECT contract_address FROM held WHERE token_address = '_')
  QUALIFY row_number() OVER (PARTITION BY address ORDER BY as_of_block DESC) = 1
),
now AS (
  SELECT h.contract_address, h.token_address,
         CASE WHEN h.token_address = '_' THEN coalesce(CAST(tb.balance AS HUGEINT), CAST(ts.balance AS HUGEINT), 0::HUGEINT)
              ELSE coalesce(CAST(b.balance_raw AS HUGEINT), 0::HUGEINT) END AS balance
  FROM held h
  LEFT JOIN main.trc20_balances b ON b.contract_address = h.token_address AND b.holder_address = h.contract_address
  LEFT JOIN main.trx_balances tb ON h.token_address = '_' AND tb.address = h.contract_address
  LEFT JOIN trx_snap ts ON h.token_address = '_' AND ts.address = h.contract_address
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
