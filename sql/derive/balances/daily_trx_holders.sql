-- Accounts that started or stopped holding TRX per UTC day (/api/overview/accountswithtrx): the end-of-day balance of
-- every address whose TRX moved that day against its balance at the start of the day. Growth per-day without
-- history, as daily_token_holders: the balances at the head (main.trx_balances, a state bounded by the addresses
-- that moved) are walked back over the flows of the rewritten days and any after them (the newest days, so in
-- practice the rewritten days only): balance at the end of day D = balance at the head − the flows after D. A day's
-- change counts addresses, not snapshots: an address holding TRX has an account (TRX activates it). Rows: every
-- rewritten day (0 when nothing changed), so the running count of the serving table has every day. Run over the
-- rewritten days (`blocks` is then those days); a full derive runs it over every day.
WITH win AS (
  SELECT DISTINCT "date" AS day FROM blocks
),
tx_after AS (
  SELECT * FROM main.transactions WHERE "date" >= (SELECT min(day) FROM win)
),
itx_after AS (
  SELECT * FROM main.internal_transactions WHERE "date" >= (SELECT min(day) FROM win)
),
daily AS (
  SELECT address, strftime(epoch_ms("timestamp"), '%Y-%m-%d') AS day, sum(delta) AS delta
  FROM ({{> fragments/trx-flows tx_after itx_after}})
  GROUP BY ALL
),
walk AS (
  SELECT d.day, d.delta,
         b.balance - (sum(d.delta) OVER (PARTITION BY d.address)
                      - sum(d.delta) OVER (PARTITION BY d.address ORDER BY d.day ROWS UNBOUNDED PRECEDING)) AS bal_end
  FROM daily d
  JOIN main.trx_balances b USING (address)
),
changes AS (
  SELECT day,
         count(*) FILTER (WHERE bal_end > 0 AND bal_end - delta <= 0) AS gained,
         count(*) FILTER (WHERE bal_end <= 0 AND bal_end - delta > 0) AS lost
  FROM walk
  GROUP BY day
)
SELECT w.day, epoch_ms(CAST(w.day AS DATE)::TIMESTAMP) AS day_ts,
       CAST(coalesce(c.gained, 0) AS BIGINT) AS holders_gained,
       CAST(coalesce(c.lost, 0) AS BIGINT) AS holders_lost
FROM win w
LEFT JOIN changes c USING (day)
