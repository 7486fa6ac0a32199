-- /api/stableCoin/pool/change (issue 34): one stablecoin pool's balance of each of its tokens at the end of every lake
-- day (daily_network_stats' days; a day without a move keeps the last balance of daily_contract_balances; none yet: 0;
-- TRX '_' not covered: NULL), with the token's decimals and USD price that day (token_day_prices; NULL: none). No row
-- when $pool is not a stablecoin pool of project_contracts (a pool whose tokens include one of $stables).
-- @param pool VARCHAR
-- @param stables VARCHAR[]
WITH p AS (
  SELECT contract_address, string_split(tokens, ',') AS toks, string_split(coalesce(token_decimals, ''), ',') AS decs
  FROM project_contracts
  WHERE contract_address = $pool AND role = 'pool' AND tokens IS NOT NULL AND list_has_any(string_split(tokens, ','), $stables)
),
legs AS (
  SELECT contract_address, unnest(toks) AS token_address, unnest(range(1, len(toks) + 1)) AS token_index, decs FROM p
),
grid AS (
  SELECT l.*, d.day FROM legs l CROSS JOIN (SELECT DISTINCT day FROM daily_network_stats) d
),
bal AS (
  SELECT contract_address, token_address, day, balance_raw FROM daily_contract_balances WHERE contract_address = $pool
),
held AS (
  SELECT g.day, g.token_address, g.token_index, g.decs, b.balance_raw
  FROM grid g ASOF LEFT JOIN bal b ON b.contract_address = g.contract_address AND b.token_address = g.token_address AND g.day >= b.day
)
SELECT h.day, epoch_ms(CAST(CAST(h.day AS DATE) AS TIMESTAMP)) AS day_ts, h.token_address, h.token_index,
       coalesce(TRY_CAST(h.decs[h.token_index] AS INTEGER), t.decimals) AS decimals,
       CASE WHEN h.token_address = '_' THEN NULL ELSE coalesce(h.balance_raw, '0') END AS balance_raw, pr.price
FROM held h
LEFT JOIN tokens t ON t.token_id = h.token_address
LEFT JOIN token_day_prices pr ON pr.token_id = h.token_address AND pr.day = h.day
ORDER BY h.day, h.token_index
