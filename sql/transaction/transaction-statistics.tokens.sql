-- Per token: transfers and the exact amount moved (amount_hi * 10^18 + amount_lo, in the smallest unit), decimals,
-- name and symbol, summed once per version (sql/serving/token_transfer_totals.sql). Read by
-- /api/transaction/statistics and /api/transfer/statistics, so both answer the same trc20Amount.
SELECT token_standard, contract_address, transfer_count, amount_hi, amount_lo, decimals, name, symbol
FROM token_transfer_totals;
