-- /api/stableCoin/pool/trend (issue 34): the stablecoin pools' swaps per UTC day of [$start_day, $end_day] and token
-- (daily_pool_flows: exact amounts swapped into and out of the pool), with the token's decimals, symbol and USD price
-- that day (token_day_prices; NULL: none). Only pools of project_contracts holding a stablecoin. Kept once per version
-- with every bind NULL (every pool, every day), or per request for one pool and window on a lake whose
-- daily_pool_flows is too large to keep (src/endpoints/deep/pool-trend.ts).
-- @param pool VARCHAR
-- @param stables VARCHAR[]
-- @param start_day VARCHAR
-- @param end_day VARCHAR
SELECT f.pool_address, f.day, f.token_address, CAST(f.swap_in AS VARCHAR) AS swap_in_raw, CAST(f.swap_out AS VARCHAR) AS swap_out_raw,
       t.decimals, coalesce(t.symbol, f.token_address) AS symbol, pr.price
FROM daily_pool_flows f
LEFT JOIN tokens t ON t.token_id = f.token_address
LEFT JOIN token_day_prices pr ON pr.token_id = f.token_address AND pr.day = f.day
WHERE ($pool IS NULL OR f.pool_address = $pool) AND ($start_day IS NULL OR f.day >= $start_day) AND ($end_day IS NULL OR f.day <= $end_day)
  AND (f.swap_in > 0 OR f.swap_out > 0)
  AND EXISTS (SELECT 1 FROM project_contracts pc WHERE pc.contract_address = f.pool_address AND pc.role = 'pool' AND pc.tokens IS NOT NULL
              AND list_has_any(string_split(pc.tokens, ','), $stables))
ORDER BY f.pool_address, f.day, f.token_address
