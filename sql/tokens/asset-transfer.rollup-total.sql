-- /api/asset/transfer without filters other than the token kind: the count from the daily rollup instead of a scan.
-- $types: contract types counted (1 TRX, 2 TRC10).
-- @param types INTEGER[]
SELECT coalesce(sum(tx_count), 0) AS n FROM daily_transaction_stats WHERE list_contains($types, contract_type);
