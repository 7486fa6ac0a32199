-- The stablecoin pools (issue 34; docs/compat.md "DEX pools and TVL (issue 34)"), read once per version by
-- /api/stableCoin/tvl, /pool/info and /pool/overview: every pool of project_contracts (role 'pool') whose tokens
-- include a stablecoin contract of $stables, one row per token in the pool's coin order, with the pool's balance of
-- it at the end of $day (its last daily_contract_balances row on or before; none: 0; TRX '_' is not covered: NULL),
-- the token's USD price of $day by the price rule (token_day_prices; NULL: none) and the amount swapped into the pool
-- in the 24 hours after $since_ts (dex_pool_events, exact). Bounded by the registry's pools × their tokens.
-- @param stables VARCHAR[]
-- @param day VARCHAR
-- @param since_ts BIGINT
-- @param until_ts BIGINT
WITH pools AS (
  SELECT contract_address AS pool_address, project, venue, name, string_split(tokens, ',') AS toks,
         string_split(coalesce(token_decimals, ''), ',') AS decs
  FROM project_contracts
  WHERE role = 'pool' AND tokens IS NOT NULL AND list_has_any(string_split(tokens, ','), $stables)
),
legs AS (
  SELECT pool_address, project, venue, name, unnest(toks) AS token_address, unnest(range(1, len(toks) + 1)) AS token_index,
         decs
  FROM pools
),
bal AS (
  SELECT contract_address, token_address, arg_max(balance_raw, day) AS balance_raw
  FROM daily_contract_balances
  WHERE day <= $day AND contract_address IN (SELECT pool_address FROM pools)
  GROUP BY ALL
),
vol AS (
  SELECT pool_address, token_address, sum(CAST(amount_raw AS HUGEINT)) AS swap_in
  FROM dex_pool_events
  WHERE action = 'swap' AND direction = 'in' AND "timestamp" > $since_ts AND "timestamp" <= $until_ts
    AND pool_address IN (SELECT pool_address FROM pools)
  GROUP BY ALL
)
SELECT l.pool_address, l.project, l.venue, l.name, l.token_index, l.token_address,
       coalesce(TRY_CAST(l.decs[l.token_index] AS INTEGER), t.decimals) AS decimals,
       CASE WHEN l.token_address = '_' THEN NULL ELSE coalesce(b.balance_raw, '0') END AS balance_raw,
       pr.price, CAST(coalesce(v.swap_in, 0) AS VARCHAR) AS swap_in_raw, pj.url AS project_url
FROM legs l
LEFT JOIN bal b ON b.contract_address = l.pool_address AND b.token_address = l.token_address
LEFT JOIN vol v ON v.pool_address = l.pool_address AND v.token_address = l.token_address
LEFT JOIN token_day_prices pr ON pr.token_id = l.token_address AND pr.day = $day
LEFT JOIN tokens t ON t.token_id = l.token_address
LEFT JOIN projects pj ON pj.project = l.project
ORDER BY l.pool_address, l.token_index
