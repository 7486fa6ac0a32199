-- /api/stableCoin/tokenSupply/turnover: one stablecoin contract's supply at the end of every UTC day of
-- [$start_day, $end_day] (from its first supply row to the head block's day; a day without a row has its last earlier
-- row's supply) and the day's minted and burned amounts (0 on a day without a row), exact decimal strings; no day
-- before $floor_day (the documented earliest date).
-- @param contract VARCHAR
-- @param floor_day VARCHAR
-- @param start_day VARCHAR
-- @param end_day VARCHAR
WITH s AS (
  SELECT day, supply_raw, minted_raw, burned_raw
  FROM daily_stablecoin_supply
  WHERE contract_address = $contract AND supply_raw IS NOT NULL AND day <= $end_day
),
days AS (
  SELECT strftime(unnest(generate_series(TRY_CAST(greatest($start_day, $floor_day, (SELECT min(day) FROM s)) AS DATE),
                                         TRY_CAST(least($end_day, (SELECT max(day) FROM daily_network_stats)) AS DATE),
                                         INTERVAL 1 DAY)), '%Y-%m-%d') AS day
)
SELECT d.day, x.supply_raw,
       CASE WHEN x.day = d.day THEN x.minted_raw ELSE '0' END AS minted_raw,
       CASE WHEN x.day = d.day THEN x.burned_raw ELSE '0' END AS burned_raw
FROM days d ASOF JOIN s x ON x.day <= d.day
