-- The rows of /api/top10 types 1-20 (docs/compat.md "Top 10"), computed once per version: for each ranking and
-- window its ten largest entities (ties by key ascending), each with `part` and `whole`: its share is its value over
-- the window's total of the ranking's measure, every entity counted. Windowed rankings (time 1-4, top10_windows) sum
-- hourly_address_activity over the window's hours, or count the window's token transfers and contract calls
-- (top10_token_moves, top10_calls); state rankings (5, 6, 7, 11) are stored once, under time 0 (the newest state).
-- Bounded: at most 4 windows × 16 rankings × 10 rows + 4 × 10, read from two weeks of hours and transfers.
WITH addr AS MATERIALIZED (
  -- Per window and address, the sums of its hours in the window.
  SELECT w."time", h.address,
         sum(h.trx_out_sun) AS trx_out_sun, sum(h.trx_out_count) AS trx_out_count,
         sum(h.trx_in_sun) AS trx_in_sun, sum(h.trx_in_count) AS trx_in_count,
         sum(h.energy_usage_total) AS energy_usage_total, sum(h.energy_usage) AS energy_usage,
         sum(h.energy_burn) AS energy_burn, sum(h.net_usage) AS net_usage, sum(h.net_burn_bytes) AS net_burn_bytes,
         sum(h.net_burn_unpriced) AS net_burn_unpriced, sum(h.fee) AS fee,
         sum(h.calls_in) AS calls_in, sum(h.call_energy_total) AS call_energy_total,
         sum(h.call_energy_stake) AS call_energy_stake, sum(h.call_fee) AS call_fee
  FROM hourly_address_activity h JOIN top10_windows w ON h.hour_ts >= w.start_ts
  WHERE h."day" >= top10_since_ts_day() AND h.hour_ts >= top10_since_ts()
  GROUP BY ALL
),
prev_calls AS (
  -- Calls to each contract in the window of the same length before (the hot contracts' rise): only the contracts'
  -- hours, so the grouping of every address above reads the windows themselves and nothing more.
  SELECT w."time", h.address, sum(h.calls_in) AS calls_in
  FROM hourly_address_activity h JOIN top10_windows w ON h.hour_ts >= w.prev_start_ts AND h.hour_ts < w.start_ts
  WHERE h."day" >= top10_since_ts_day() AND h.hour_ts >= top10_since_ts() AND h.calls_in > 0
  GROUP BY ALL
),
callers AS (
  SELECT w."time", c.contract_address AS address, count(DISTINCT c.owner_address) AS callers
  FROM top10_calls c JOIN top10_windows w ON c."timestamp" >= w.start_ts
  GROUP BY ALL
),
tok AS MATERIALIZED (
  -- Per window and token: transfers in the window and in the one before, the amount moved (smallest unit).
  SELECT w."time", m.token_id, m.token_standard,
         count(*) FILTER (WHERE m."timestamp" >= w.start_ts) AS transfers,
         count(*) FILTER (WHERE m."timestamp" < w.start_ts) AS prev_transfers,
         sum(m.amount) FILTER (WHERE m."timestamp" >= w.start_ts) AS amount
  FROM top10_token_moves m JOIN top10_windows w ON m."timestamp" >= w.prev_start_ts
  GROUP BY ALL
),
tok_accounts AS (
  -- Distinct senders and receivers of each token in the window (the zero address of mints and burns is no account).
  SELECT w."time", m.token_id, count(DISTINCT m.account) AS accounts
  FROM (SELECT "timestamp", token_id, unnest([from_address, to_address]) AS account FROM top10_token_moves) m
  JOIN top10_windows w ON m."timestamp" >= w.start_ts
  WHERE m.account <> zero_address()
  GROUP BY ALL
),
tok_usd AS (
  -- The window's amount in USD at the token's latest price: tokens with a price and known decimals only.
  SELECT t."time", t.token_id,
         CAST(t.amount AS DOUBLE) / power(10, d.decimals) * p.price_usd AS usd
  FROM tok t JOIN tokens d ON d.token_id = t.token_id JOIN latest_usd_prices p ON p.token_id = t.token_id
  WHERE t.amount IS NOT NULL
),
-- Each ranking's candidates: v = the ranked value (exact integer; NULL for the USD ranking, which ranks by usd),
-- part / whole = the share's terms, e1 / e2 = the energy or bandwidth split, n = a second count.
cand AS (
  SELECT "time", 1 AS type, address AS key, CAST(trx_out_sun AS HUGEINT) AS v, CAST(trx_out_sun AS HUGEINT) AS part,
         NULL::BIGINT AS e1, NULL::BIGINT AS e2, NULL::BIGINT AS n, NULL::DOUBLE AS usd FROM addr WHERE trx_out_sun > 0
  UNION ALL SELECT "time", 2, address, trx_out_count, trx_out_count, NULL, NULL, NULL, NULL FROM addr WHERE trx_out_count > 0
  UNION ALL SELECT "time", 3, address, trx_in_sun, trx_in_sun, NULL, NULL, NULL, NULL FROM addr WHERE trx_in_sun > 0
  UNION ALL SELECT "time", 4, address, trx_in_count, trx_in_count, NULL, NULL, NULL, NULL FROM addr WHERE trx_in_count > 0
  UNION ALL SELECT 0, 5, address, tron_power, tron_power, NULL, NULL, NULL, NULL FROM stake_positions WHERE tron_power > 0
  UNION ALL SELECT 0, 6, address, votes_used, votes_used, NULL, NULL, NULL, NULL FROM stake_positions WHERE votes_used > 0
  UNION ALL SELECT 0, 7, token_id, holder_count, holder_count, NULL, NULL, NULL, NULL FROM token_stats
            WHERE token_standard IN ('trc10', 'trc20') AND holder_count > 0
  UNION ALL SELECT "time", 8, t.token_id, a.accounts, a.accounts, NULL, NULL, NULL, NULL
            FROM tok t JOIN tok_accounts a USING ("time", token_id) WHERE a.accounts > 0
  UNION ALL SELECT "time", 9, token_id, transfers, transfers, NULL, NULL, NULL, NULL FROM tok WHERE transfers > 0
  UNION ALL SELECT "time", 10, token_id, NULL, NULL, NULL, NULL, NULL, usd FROM tok_usd WHERE usd > 0
  UNION ALL SELECT 0, 11, address, balance, balance, NULL, NULL, NULL, NULL FROM accounts WHERE is_contract AND balance > 0
  UNION ALL SELECT "time", 12, address, callers, callers, NULL, NULL, NULL, NULL FROM callers
  UNION ALL SELECT "time", 13, address, calls_in, calls_in, NULL, NULL, NULL, NULL FROM addr WHERE calls_in > 0
  -- 14: accounts by the energy their transactions used: e1 from their own stake, e2 paid by burning.
  UNION ALL SELECT "time", 14, address, energy_usage_total, energy_usage_total, energy_usage, energy_burn, NULL, NULL
            FROM addr WHERE energy_usage_total > 0
  -- 15: accounts by bandwidth: stake or free allowance (e1) plus burned bytes (e2); n = burns with no price known.
  UNION ALL SELECT "time", 15, address, net_usage + net_burn_bytes, net_usage + net_burn_bytes, net_usage, net_burn_bytes,
            net_burn_unpriced, NULL FROM addr WHERE net_usage + net_burn_bytes > 0 OR net_burn_unpriced > 0
  -- 16: contracts by the energy of the calls made to them: e1 from stakes (callers' and deployer's), e2 burned.
  UNION ALL SELECT "time", 16, address, call_energy_total, call_energy_total, call_energy_stake,
            call_energy_total - call_energy_stake, NULL, NULL FROM addr WHERE call_energy_total > 0
  UNION ALL SELECT "time", 17, address, call_fee, call_fee, NULL, NULL, NULL, NULL FROM addr WHERE call_fee > 0
  UNION ALL SELECT "time", 20, address, fee, fee, NULL, NULL, NULL, NULL FROM addr WHERE fee > 0
),
-- Hot tokens (18) and contracts (19): those active in the window, ranked by the change of their transfers / calls from
-- the window of the same length before (negative when every one slowed: the list is never empty while any moved);
-- n = the window's count, its share of all the window's transfers / calls (every token / contract counted).
hot AS (
  SELECT "time", 18 AS type, token_id AS key, transfers - prev_transfers AS v, transfers AS part, transfers AS n,
         sum(transfers) OVER (PARTITION BY "time") AS whole
  FROM tok QUALIFY transfers > 0
  UNION ALL
  SELECT a."time", 19, a.address, a.calls_in - coalesce(p.calls_in, 0), a.calls_in, a.calls_in,
         sum(a.calls_in) OVER (PARTITION BY a."time")
  FROM addr a LEFT JOIN prev_calls p USING ("time", address)
  WHERE a.calls_in > 0
),
-- The window's total of each ranking, and the tenth largest value: only rows at or above it are sorted (a window
-- function over every candidate cost ~10 s on the default lake under load; measured).
totals AS (
  -- usd_whole: a DOUBLE sum in key order, so every run adds the same values in the same order (issue 30).
  SELECT "time", type, sum(part) AS whole, sum(usd ORDER BY key) AS usd_whole, list_min(max(v, 10)) AS v_floor, list_min(max(usd, 10)) AS usd_floor
  FROM cand GROUP BY ALL
),
scored AS (
  SELECT c."time", c.type, c.key, c.v, c.part, c.e1, c.e2, c.n, c.usd, t.whole, t.usd_whole
  FROM cand c JOIN totals t USING ("time", type)
  WHERE c.v >= t.v_floor OR c.usd >= t.usd_floor
  UNION ALL
  SELECT "time", type, key, v, part, NULL, NULL, n, NULL, whole, NULL FROM hot
),
ranked AS (
  SELECT *, row_number() OVER (PARTITION BY "time", type ORDER BY v DESC NULLS LAST, usd DESC NULLS LAST, key) AS place
  FROM scored QUALIFY place <= 10
)
SELECT r."time", r.type, r.place, r.key,
       CAST(r.v AS VARCHAR) AS v, CAST(r.part AS VARCHAR) AS part, CAST(r.whole AS VARCHAR) AS whole,
       r.e1, r.e2, r.n, r.usd, r.usd_whole,
       t.symbol AS token_abbr, t.name AS token_name, t.logo_url AS token_logo,
       -- A TRC10 id is a number, a TRC20 token its Base58 contract (the standard of a token not in the dimension).
       CASE WHEN r.type NOT IN (7, 8, 9, 10, 18) THEN NULL WHEN regexp_full_match(r.key, '[0-9]+') THEN 10 ELSE 20 END AS token_type,
       p.trx AS price_trx
FROM ranked r
LEFT JOIN tokens t ON r.type IN (7, 8, 9, 10, 18) AND t.token_id = r.key
LEFT JOIN latest_prices p ON r.type IN (7, 8, 9, 10, 18) AND p.token_id = r.key
ORDER BY r."time", r.type, r.place
