-- /api/stableCoin/totalSupply/change: each coin's supply at the end of every UTC day of [$start_day, $end_day], from
-- the lake's first supply row to the head block's day (no row before the lake knows a supply; none after the head).
-- A day without a row of a contract has its last earlier row's supply (ASOF); USDD's two contracts added up.
-- @param start_day VARCHAR
-- @param end_day VARCHAR
WITH s AS (
  SELECT day, contract_address, coin, CAST(supply_raw AS HUGEINT) AS supply
  FROM daily_stablecoin_supply
  WHERE supply_raw IS NOT NULL AND day <= $end_day
),
days AS (
  SELECT strftime(unnest(generate_series(TRY_CAST(greatest($start_day, (SELECT min(day) FROM s)) AS DATE),
                                         TRY_CAST(least($end_day, (SELECT max(day) FROM daily_network_stats)) AS DATE),
                                         INTERVAL 1 DAY)), '%Y-%m-%d') AS day
),
grid AS (
  SELECT d.day, c.contract_address, c.coin FROM days d CROSS JOIN (SELECT DISTINCT contract_address, coin FROM s) c
)
SELECT g.day, g.coin, CAST(sum(x.supply) AS VARCHAR) AS supply_raw
FROM grid g ASOF JOIN s x ON x.contract_address = g.contract_address AND x.day <= g.day
GROUP BY g.day, g.coin
