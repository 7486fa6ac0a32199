-- The TRX row's transfer counters (/api/tokens/overview, /api/token?id=0): successful TRX transfers all time and in
-- the 24 hours before the head block, counted once per version (sql/serving/trx_transfer_counts.sql). No trailing
-- semicolon: tokens-overview.sql includes it.
-- trx_lifetime_transfers: TRX began at genesis, so the lake's count is its whole life's only for a lake from block 0.
SELECT trx_transfer_count, trx_transfer_count_24h,
       CASE WHEN began_in_window(0) THEN trx_transfer_count END AS trx_lifetime_transfers
FROM trx_transfer_counts
