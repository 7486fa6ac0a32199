-- /api/transaction/statistics: transfer counts per token standard and the ten most transferred TRC20 tokens.
SELECT x.token_standard, x.contract_address, sum(x.transfer_count) AS transfer_count,
       sum(x.amount / pow(10, coalesce(k.decimals, 0))) AS amount, k.name, k.symbol
FROM daily_token_transfer_stats x
LEFT JOIN tokens k ON k.token_id = x.contract_address
GROUP BY ALL;
