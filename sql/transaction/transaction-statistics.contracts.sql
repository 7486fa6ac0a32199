-- /api/transaction/statistics: the ten most called contracts (triggerTop10).
SELECT x.contract_address, sum(x.call_count) AS call_count, sum(x.call_value) AS call_value_sun, -- exact sun
       c.name, k.symbol, k.token_standard
FROM daily_contract_call_stats x
LEFT JOIN contracts c ON c.address = x.contract_address
LEFT JOIN tokens k ON k.token_id = x.contract_address
GROUP BY ALL
ORDER BY call_count DESC, x.contract_address
LIMIT 10;
