-- /api/transfer/statistics: transfer counts and amounts per kind, all time and on $last_day, from the daily rollups
-- (SPEC §4.7, reference §3.9). TRX / TRC10 transfers are contract types 1 / 2 of daily_transaction_stats (amount:
-- exact sun / raw TRC10 units); TRC20 / 721 / 1155 transfers are daily_token_transfer_stats rows (the TRC20 amount
-- comes per token from transaction-statistics.tokens, scaled exactly in TypeScript).
-- All time is the whole chain (docs/compat.md "Whole-chain figures"): exact only for a lake that starts at genesis
-- (from_genesis); no per-kind transfer anchor exists, so the endpoint answers them null otherwise.
-- @param last_day VARCHAR
WITH tx AS (
  SELECT
    coalesce(sum(tx_count) FILTER (WHERE contract_type = 1), 0) AS trx_count,
    coalesce(sum(amount) FILTER (WHERE contract_type = 1), 0) AS trx_amount_sun,
    coalesce(sum(tx_count) FILTER (WHERE contract_type = 2), 0) AS trc10_count,
    coalesce(sum(amount) FILTER (WHERE contract_type = 2), 0) AS trc10_amount_raw,
    coalesce(sum(tx_count) FILTER (WHERE day = $last_day), 0) AS last_day_tx_transfers,
    coalesce(sum(amount) FILTER (WHERE day = $last_day AND contract_type = 1), 0) AS last_day_trx_amount_sun
  FROM daily_transaction_stats
  WHERE contract_type IN (1, 2)
),
tok AS (
  SELECT
    coalesce(sum(x.transfer_count) FILTER (WHERE x.token_standard = 'trc20'), 0) AS trc20_count,
    coalesce(sum(x.transfer_count) FILTER (WHERE x.token_standard = 'trc721'), 0) AS trc721_count,
    coalesce(sum(x.transfer_count) FILTER (WHERE x.token_standard = 'trc1155'), 0) AS trc1155_count,
    coalesce(sum(x.transfer_count) FILTER (WHERE x.day = $last_day), 0) AS last_day_token_transfers
  FROM daily_token_transfer_stats x
)
SELECT tx.*, tok.*, a.first_block = 0 AS from_genesis FROM tx CROSS JOIN tok CROSS JOIN whole_anchors a;
