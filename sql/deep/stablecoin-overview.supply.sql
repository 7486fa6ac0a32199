-- /api/stableCoin/overview: per stablecoin contract its supply now, raw (the newest daily_stablecoin_supply row: the
-- source of /api/stableCoin/totalSupply, per contract) and its latest USD close (latest_usd_prices, the price rule's
-- latest day; NULL when the lake has none). One row per contract of $contracts.
-- @param contracts VARCHAR[]
WITH c AS (SELECT unnest($contracts) AS contract_address),
s AS (
  SELECT contract_address, arg_max(supply_raw, day) AS supply_raw
  FROM daily_stablecoin_supply
  WHERE supply_raw IS NOT NULL AND contract_address IN (SELECT contract_address FROM c)
  GROUP BY contract_address
)
SELECT c.contract_address, s.supply_raw, p.price_usd
FROM c
LEFT JOIN s ON s.contract_address = c.contract_address
LEFT JOIN latest_usd_prices p ON p.token_id = c.contract_address
ORDER BY c.contract_address
