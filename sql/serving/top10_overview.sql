-- /api/top10 type 0 (docs/compat.md "Top 10"), computed once per version: one row per window (time 1 the last hour,
-- 2 the last 24 hours, 3 the last week; top10_windows) with the network's figures over it, each row carrying the
-- whole-lake totals of the newest state (stakes, votes, contract balances, tokens and their transfers).
-- Whole-chain counts (docs/compat.md "Whole-chain figures"): trc10_all = the trc10_count anchor before the first block
-- (fragments/whole-anchors) + the lake's successful AssetIssue, NULL without it; trc20_all NULL (no source tells every
-- TRC20 deployment); the transfer records the lake's sums only for a lake from genesis, else NULL (no per-kind anchor).
-- The chain's state totals, never sums over the accounts a lake happened to read: freeze_sun = TRX staked on the whole
-- chain, the node's own totals in the newest network_snapshots row (TotalNetWeight + TotalEnergyWeight +
-- TotalTronPowerWeight, whole TRX: java-tron adds a stake to the weight of its one resource, so they do not overlap),
-- NULL without one; votes = every witness's realtime votes (witness_realtime_votes: the last tally + the changes since,
-- every voter counted), NULL without a witness tally; contract_balance_sun = the contracts' balances of the newest
-- state only when the lake holds every account of the chain: its accounts equal the account_count anchor as of the
-- block before its first one (fragments/whole-anchors; 0 from genesis) + the accounts created since, else NULL.
-- Bounded: three rows, read from a week of hours, transfers and calls.
WITH {{> fragments/whole-anchors}}, hours AS (
  SELECT w."time",
         coalesce(sum(h.trx_out_sun), 0) AS trx_out_sun, coalesce(sum(h.trx_out_count), 0) AS trx_out_count,
         coalesce(sum(h.calls_in), 0) AS calls_in,
         coalesce(sum(h.energy_usage_total), 0) AS energy_usage_total, coalesce(sum(h.energy_burn), 0) AS energy_burn,
         coalesce(sum(h.net_usage), 0) AS net_usage, coalesce(sum(h.net_burn_bytes), 0) AS net_burn_bytes,
         coalesce(sum(h.net_burn_unpriced), 0) AS net_burn_unpriced
  FROM top10_windows w LEFT JOIN hourly_address_activity h
    ON h.hour_ts >= w.start_ts AND h."day" >= top10_since_ts_day() AND h.hour_ts >= top10_since_ts()
  WHERE w."time" IN (1, 2, 3)
  GROUP BY w."time"
),
token_moves AS (
  -- Per window and token: transfers and the exact amount moved (HUGEINT).
  SELECT w."time", m.token_id, count(m.token_id) AS transfers, sum(m.amount) AS amount
  FROM top10_windows w
  LEFT JOIN top10_token_moves m ON m."timestamp" >= w.start_ts
  WHERE w."time" IN (1, 2, 3)
  GROUP BY ALL
),
moves AS (
  -- Token transfers of the window and their USD value at each token's latest price (priced tokens with decimals):
  -- each token's exact amount priced once, the tokens' values added in token order (a DOUBLE sum in the order the
  -- threads happen to combine its parts differed between runs: issue 30).
  SELECT t."time", CAST(sum(t.transfers) AS BIGINT) AS transfers,
         sum(CAST(t.amount AS DOUBLE) / power(10, d.decimals) * p.price_usd ORDER BY t.token_id) AS usd
  FROM token_moves t
  LEFT JOIN tokens d ON d.token_id = t.token_id
  LEFT JOIN latest_usd_prices p ON p.token_id = t.token_id
  GROUP BY t."time"
),
callers AS (
  SELECT w."time", count(DISTINCT c.owner_address) AS callers
  FROM top10_windows w LEFT JOIN top10_calls c ON c."timestamp" >= w.start_ts
  WHERE w."time" IN (1, 2, 3)
  GROUP BY w."time"
),
state AS (
  SELECT (SELECT CAST(CAST(arg_max(CAST(total_net_weight AS HUGEINT) + total_energy_weight + total_tron_power_weight, as_of_block)
                            AS HUGEINT) * 1000000 AS VARCHAR) FROM network_snapshots) AS freeze_sun,
         (SELECT CAST(CAST(sum(votes) AS HUGEINT) AS VARCHAR) FROM witness_realtime_votes) AS votes,
         (SELECT CASE WHEN (SELECT count(*) FROM accounts)
                           = a.account_count + (SELECT count(*) FROM account_creations WHERE create_time >= (SELECT first_ts FROM chain_state))
                      THEN (SELECT CAST(coalesce(sum(balance), 0) AS VARCHAR) FROM accounts WHERE is_contract) END
          FROM whole_anchors a) AS contract_balance_sun,
         (SELECT CAST(a.trc10_count + (SELECT coalesce(sum(trc10_issued_count), 0) FROM daily_network_stats) AS BIGINT)
          FROM whole_anchors a) AS trc10_all,
         CAST(NULL AS BIGINT) AS trc20_all,
         (SELECT CASE WHEN a.first_block = 0 THEN (SELECT coalesce(sum(transfer_count), 0) FROM token_stats WHERE token_standard = 'trc10') END
          FROM whole_anchors a) AS trc10_record,
         (SELECT CASE WHEN a.first_block = 0 THEN (SELECT coalesce(sum(transfer_count), 0) FROM token_stats WHERE token_standard = 'trc20') END
          FROM whole_anchors a) AS trc20_record,
         (SELECT count(*) > 0 FROM latest_usd_prices) AS priced
)
SELECT w."time", w.start_ts, w.end_ts,
       CAST(h.trx_out_sun AS VARCHAR) AS trx_out_sun, h.trx_out_count, m.transfers AS token_transfers,
       CASE WHEN s.priced THEN coalesce(m.usd, 0) END AS token_usd,
       c.callers, h.calls_in,
       h.energy_usage_total - h.energy_burn AS energy_stake, h.energy_usage_total, h.energy_burn,
       h.net_usage, h.net_burn_bytes, h.net_burn_unpriced,
       s.*
FROM top10_windows w JOIN hours h USING ("time") JOIN moves m USING ("time") JOIN callers c USING ("time") CROSS JOIN state s
ORDER BY w."time"
