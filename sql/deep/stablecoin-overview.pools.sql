-- /api/stableCoin/overview `liquidityIn24h` and its change: per stablecoin contract of $contracts, the balance its DEX
-- pools hold now (every positive holder in the SunSwap or SunCurve category of fragments/stable-positions, the
-- categories of /api/stableCoin/distribution) and those holders' net moves since $since_ts (inclusive;
-- token_balance_history: every Transfer and every stablecoin move without one). Their balance 24 h ago is the balance
-- now minus the moves (the rule of holder-token-history); a pool emptied within the 24 hours is in neither.
-- @param contracts VARCHAR[]
-- @param since_ts BIGINT
WITH {{> fragments/stable-positions}},
pools AS (
  SELECT contract_address, holder_address, bal FROM stable_positions WHERE category IN ('SunSwap', 'SunCurve')
),
moves AS (
  SELECT t.token_id AS contract_address, t.holder_address, sum(CAST(t.delta_raw AS HUGEINT)) AS delta
  FROM token_balance_history t
  WHERE t.bucket IN (SELECT DISTINCT address_bucket(holder_address) FROM pools)
    AND t.holder_address IN (SELECT holder_address FROM pools)
    AND t.token_id IN (SELECT unnest($contracts))
    AND t."timestamp" >= $since_ts
  GROUP BY 1, 2
)
SELECT p.contract_address, CAST(sum(p.bal) AS VARCHAR) AS pool_now, CAST(sum(coalesce(m.delta, 0)) AS VARCHAR) AS pool_moved
FROM pools p LEFT JOIN moves m USING (contract_address, holder_address)
GROUP BY 1
ORDER BY 1
