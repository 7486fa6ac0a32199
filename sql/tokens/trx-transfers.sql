-- The TRX row's transfer counters (/api/tokens/overview, /api/token?id=0): successful TRX transfers all time and in
-- the 24 hours before the head block, counted once per version (sql/serving/trx_transfer_counts.sql). No trailing
-- semicolon: tokens-overview.sql includes it.
SELECT trx_transfer_count, trx_transfer_count_24h FROM trx_transfer_counts
