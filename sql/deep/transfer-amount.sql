-- /api/stableCoin/transferAmount: per stablecoin contract and UTC day, the exact amount its TRC20 Transfer logs moved
-- within the time window (every Transfer, mints and burns included), with that day's USD price by the price rule
-- (token_day_prices; NULL when the lake has none).
-- @param contracts VARCHAR[]
WITH moved AS (
  SELECT t.contract_address, t."date" AS day, sum(CAST(t.amount_raw AS HUGEINT)) AS amount
  FROM token_transfers t
  WHERE t.token_standard = 'trc20' AND t.contract_address IN (SELECT unnest($contracts))
    AND {{> fragments/day-window t}}
  GROUP BY t.contract_address, t."date"
)
SELECT m.contract_address, m.day, CAST(m.amount AS VARCHAR) AS amount, CAST(p.price AS DOUBLE) AS price_usd
FROM moved m
LEFT JOIN token_day_prices p ON p.token_id = m.contract_address AND p.day = m.day
ORDER BY m.contract_address, m.day;
