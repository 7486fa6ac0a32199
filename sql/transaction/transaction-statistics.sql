-- /api/transaction/statistics: counts and amounts by contract-type group, all time and on the last day, from rollups.
-- All time is the whole chain (docs/compat.md "Whole-chain figures"): the lake's sums are it only for a lake that starts
-- at genesis (from_genesis); otherwise only the transaction count has an anchor (whole_tx_count = the pre-window total
-- as of the block before the first one + the lake's, NULL without it) and the endpoint answers the rest null.
-- @param last_day VARCHAR
WITH lake AS (
SELECT
  coalesce(sum(tx_count), 0) AS tx_count,
  coalesce(sum(tx_count) FILTER (WHERE day = $last_day), 0) AS last_day_tx_count,
  coalesce(sum(amount) FILTER (WHERE contract_type NOT IN (2, 9)), 0) AS tx_amount_sun,
  coalesce(sum(amount) FILTER (WHERE day = $last_day AND contract_type NOT IN (2, 9)), 0) AS last_day_tx_amount_sun,
  coalesce(sum(tx_count) FILTER (WHERE contract_type = 1), 0) AS trx_count,
  coalesce(sum(amount) FILTER (WHERE contract_type = 1), 0) AS trx_amount_sun,
  coalesce(sum(tx_count) FILTER (WHERE contract_type = 2), 0) AS trc10_count,
  coalesce(sum(amount) FILTER (WHERE contract_type = 2), 0) AS trc10_amount_raw,
  coalesce(sum(tx_count) FILTER (WHERE contract_type = 31), 0) AS trigger_count,
  coalesce(sum(amount) FILTER (WHERE contract_type = 31), 0) AS trigger_amount_sun,
  coalesce(sum(tx_count) FILTER (WHERE contract_type = 4), 0) AS votes_count,
  coalesce(sum(vote_count) FILTER (WHERE contract_type = 4), 0) AS votes_amount,
  coalesce(sum(tx_count) FILTER (WHERE contract_type IN (11, 54)), 0) AS freeze_count,
  coalesce(sum(amount) FILTER (WHERE contract_type IN (11, 54)), 0) AS freeze_amount_sun,
  coalesce(sum(tx_count) FILTER (WHERE contract_type NOT IN (1, 2, 31, 4, 11, 54)), 0) AS others_count,
  coalesce(sum(amount) FILTER (WHERE contract_type NOT IN (1, 2, 31, 4, 11, 54, 9)), 0) AS others_amount_sun
FROM daily_transaction_stats
)
SELECT lake.*, a.first_block = 0 AS from_genesis, a.tx_count + lake.tx_count AS whole_tx_count
FROM lake CROSS JOIN whole_anchors a;
