-- The network's day rows (daily_network_stats) with what a day series derives from earlier days, computed once per
-- version instead of per request: the chain's running totals at the end of each day (the pre-window totals, zero for
-- a lake starting at genesis, plus the lake's sums so far; `counted_from` = the lake's first day when neither is
-- known, docs/compat.md), the previous day's figures (the day-over-day rate of a range's first day) and the
-- contracts called that day (the rankings' `total`), and the TRC10 tokens issued since genesis (the trc10_count
-- anchor + the lake's successful AssetIssue so far; NULL without the anchor, docs/compat.md "Whole-chain figures").
-- One row per day of the lake.
WITH {{> fragments/whole-anchors}}, pre AS (
  SELECT max(tx_count) AS tx_count, max(blockchain_size_bytes) AS size_bytes FROM pre_window_totals
),
lake AS (
  SELECT min(first_block) AS first_block, min(day) AS first_day FROM daily_network_stats
),
called AS (
  SELECT day, count(*) AS contracts_called FROM daily_contract_resources GROUP BY day
)
SELECT d.*,
       CAST(coalesce(pre.tx_count, 0) + sum(d.tx_count) OVER w AS BIGINT) AS chain_tx_count,
       CAST(CASE WHEN pre.tx_count IS NULL THEN 0 ELSE coalesce(pre.size_bytes, 0) END + sum(d.size_bytes) OVER w AS BIGINT) AS chain_size_bytes,
       CASE WHEN pre.tx_count IS NULL AND lake.first_block <> 0 THEN lake.first_day END AS counted_from,
       lag(d.tx_count) OVER w AS prev_tx_count,
       lag(d.trigger_count) OVER w AS prev_trigger_count,
       lag(d.caller_count) OVER w AS prev_caller_count,
       lag(d.active_count) OVER w AS prev_active_count,
       lag(d.energy_usage_total) OVER w AS prev_energy_usage_total,
       lag(d.net_usage + d.net_burn_bytes) OVER w AS prev_net_total,
       coalesce(c.contracts_called, 0) AS contracts_called,
       CAST(wa.trc10_count + sum(d.trc10_issued_count) OVER w AS BIGINT) AS chain_trc10_count
FROM daily_network_stats d
CROSS JOIN whole_anchors wa
CROSS JOIN pre
CROSS JOIN lake
LEFT JOIN called c ON c.day = d.day
WINDOW w AS (ORDER BY d.day)
ORDER BY d.day
