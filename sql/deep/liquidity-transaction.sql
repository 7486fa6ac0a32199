-- /api/deep/stableCoin/liquidity/transaction: every leg of the liquidity and exchange events (dex_pool_events, no
-- reserve rows) of the stablecoin pools within [start_ts, end_ts]: a pool of project_contracts (role pool) whose
-- tokens include one of the stablecoin contracts, with the leg token's decimals and that day's USD close
-- (token_day_prices, the price rule; NULL when none). Events are assembled, valued and bounded in code (exact bigint).
-- $min_usd (NULL: no value bound) drops, before that, the events whose every priced leg together is worth less in
-- DOUBLE arithmetic, with a margin: an event's value is the USD of some of its legs (its side), never more than all of
-- them, so no event the exact bound keeps is dropped; the default minValue (1000 USD) then leaves the small swaps here.
-- @param stable VARCHAR[]
-- @param min_usd DOUBLE
-- @param actions VARCHAR[]
-- @param operator VARCHAR
-- @param pool VARCHAR
-- @param project VARCHAR
-- @param tokens VARCHAR[]
WITH pools AS (
  SELECT contract_address, name FROM project_contracts
  WHERE role = 'pool' AND tokens IS NOT NULL AND list_has_any(string_split(tokens, ','), $stable)
),
legs AS (
  SELECT e.*, p.name AS pool_name
  FROM dex_pool_events e JOIN pools p ON p.contract_address = e.pool_address
  WHERE {{> fragments/day-window e}}
    AND e.action IN (SELECT unnest($actions))
    AND ($operator IS NULL OR e.operator_address = $operator)
    AND ($pool IS NULL OR e.pool_address = $pool)
    AND ($project IS NULL OR e.project = $project)
),
picked AS (
  SELECT DISTINCT block_number, tx_index, log_index FROM legs
  WHERE len($tokens) = 0 OR token_address IN (SELECT unnest($tokens))
),
valued AS (
  SELECT l.*, CASE WHEN l.token_address = '_' THEN 6 ELSE t.decimals END AS decimals, t.symbol, pr.price
  FROM legs l
  JOIN picked k ON k.block_number = l.block_number AND k.tx_index = l.tx_index AND k.log_index = l.log_index
  LEFT JOIN tokens t ON t.token_id = l.token_address
  LEFT JOIN token_day_prices pr ON pr.token_id = l.token_address AND pr.day = l."date"
),
worth AS (
  SELECT block_number, tx_index, log_index, sum(amount / pow(10, decimals) * TRY_CAST(price AS DOUBLE)) AS usd_all
  FROM valued GROUP BY block_number, tx_index, log_index
)
SELECT v.block_number, v."timestamp", v.tx_hash, v.tx_index, v.log_index, v.leg, v.project, v.pool_address, v.pool_name,
       v.event_name, v.action, v.operator_address, v.token_address, v.direction, v.amount_raw, v.decimals, v.symbol, v.price
FROM valued v
JOIN worth w ON w.block_number = v.block_number AND w.tx_index = v.tx_index AND w.log_index = v.log_index
WHERE $min_usd IS NULL OR w.usd_all * (1 + 1e-9) + 1e-6 >= $min_usd
ORDER BY v.block_number, v.tx_index, v.log_index, v.leg
