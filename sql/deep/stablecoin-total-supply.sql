-- /api/stableCoin/totalSupply: each coin's supply now, the newest end-of-day supply of each of its contracts
-- (daily_stablecoin_supply; its newest row = the supply now), USDD's two contracts added up (18 decimals both).
SELECT coin, CAST(sum(CAST(supply_raw AS HUGEINT)) AS VARCHAR) AS supply_raw
FROM (
  SELECT coin, contract_address, arg_max(supply_raw, day) AS supply_raw
  FROM daily_stablecoin_supply
  WHERE supply_raw IS NOT NULL
  GROUP BY ALL
)
GROUP BY coin
