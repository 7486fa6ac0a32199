-- CTEs ending in `holder_days`, one row per lake day: accounts holding TRX and all accounts at the end of the day,
-- the accounts created that day, and the day before's figures. The one source of /api/overview/accountswithtrx
-- (sql/serving/trx_holder_series.sql) and of /api/stats/overview's account fields (sql/serving/daily_network_series.sql).
-- The chain_anchors figures as of the lake's first block plus the lake's changes so far (daily_trx_holders: accounts
-- that started minus those that stopped holding TRX; accounts: those created since the first block, by their
-- snapshot's creation time). NULL when the anchor is absent (docs/compat.md "Whole-chain figures"): a lake that does
-- not start at genesis cannot count the accounts it never saw. `new_address` = the accounts created that day since the
-- first block (no anchor needed: an account is created by a transaction, which the lake holds). Bounded by days.
holder_anchors AS (
  SELECT max(CAST(value_raw AS HUGEINT)) FILTER (WHERE name = 'accounts_with_trx') AS with_trx,
         max(CAST(value_raw AS HUGEINT)) FILTER (WHERE name = 'account_count') AS accounts
  FROM chain_anchors
),
holder_lake AS (
  SELECT min(first_block_ts) AS first_ts FROM daily_network_stats
),
holder_created AS (
  SELECT strftime(epoch_ms(create_time), '%Y-%m-%d') AS day, count(*) AS n
  FROM accounts WHERE create_time >= (SELECT first_ts FROM holder_lake)
  GROUP BY 1
),
holder_series AS (
  SELECT d.day, d.day_ts,
         CAST(a.with_trx + sum(coalesce(h.holders_gained, 0) - coalesce(h.holders_lost, 0)) OVER w AS BIGINT) AS account_with_trx,
         CAST(a.accounts + sum(coalesce(c.n, 0)) OVER w AS BIGINT) AS total_address,
         coalesce(c.n, 0)::BIGINT AS new_address
  FROM daily_network_stats d
  CROSS JOIN holder_anchors a
  LEFT JOIN daily_trx_holders h ON h.day = d.day
  LEFT JOIN holder_created c ON c.day = d.day
  WINDOW w AS (ORDER BY d.day)
),
holder_days AS (
  SELECT *, lag(total_address) OVER w AS prev_total_address, lag(new_address) OVER w AS prev_new_address
  FROM holder_series
  WINDOW w AS (ORDER BY day)
)
