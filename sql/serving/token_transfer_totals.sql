-- Per token: transfers and the exact amount moved over the lake, in the smallest unit, with the token's decimals,
-- name and symbol (read by /api/transaction/statistics and /api/transfer/statistics through
-- transaction/transaction-statistics.tokens, so both answer the same trc20Amount), summed once per version instead
-- of per request. A day's amount is below 10^38 (daily_token_transfer_stats); summed over days it could pass what
-- DuckDB sums without wrapping, so it is summed in two parts, amount_hi = amount div 10^18 and amount_lo = amount
-- mod 10^18, each far from any limit, and put together exactly in TypeScript (amount_hi * 10^18 + amount_lo).
-- One row per token that moved.
SELECT x.token_standard, x.contract_address, sum(x.transfer_count) AS transfer_count,
       sum(CAST(x.amount AS HUGEINT) // 1000000000000000000) AS amount_hi,
       sum(CAST(x.amount AS HUGEINT) % 1000000000000000000) AS amount_lo,
       coalesce(k.decimals, 0) AS decimals, k.name, k.symbol
FROM daily_token_transfer_stats x
LEFT JOIN tokens k ON k.token_id = x.contract_address AND k.token_standard = x.token_standard
GROUP BY ALL
ORDER BY x.token_standard, x.contract_address
