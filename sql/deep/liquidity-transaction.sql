-- /api/deep/stableCoin/liquidity/transaction: every leg of the liquidity and exchange events (dex_pool_events, no
-- reserve rows) of the stablecoin pools within [start_ts, end_ts]: a pool of project_contracts (role pool) whose
-- tokens include one of the stablecoin contracts, with the leg token's decimals and that day's USD close
-- (token_day_prices, the price rule; NULL when none). Events are assembled, valued and bounded in code (exact bigint).
-- Run once per version with no window and no filter (NULL binds, every action) for the kept events, or per request
-- with them on a lake too large to keep (src/endpoints/deep/liquidity-transaction.ts).
-- @param stable VARCHAR[]
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
)
SELECT l.block_number, l."timestamp", l."date", l.tx_hash, l.tx_index, l.log_index, l.leg, l.project, l.pool_address, l.pool_name,
       l.event_name, l.action, l.operator_address, l.token_address, l.direction, l.amount_raw,
       CASE WHEN l.token_address = '_' THEN 6 ELSE t.decimals END AS decimals, t.symbol, pr.price
FROM legs l
JOIN picked k ON k.block_number = l.block_number AND k.tx_index = l.tx_index AND k.log_index = l.log_index
LEFT JOIN tokens t ON t.token_id = l.token_address
LEFT JOIN token_day_prices pr ON pr.token_id = l.token_address AND pr.day = l."date"
ORDER BY l.block_number, l.tx_index, l.log_index, l.leg
