-- The holder categories of the stablecoin distribution endpoints (distribution, holder/balance/overview), decided
-- here only. Per contract of $contracts, its positive balances (trc20_balances) by category:
--   an ordinary account (not in `contracts`): `exchange` when address_labels names it an exchange (grouped by the
--   exchange: its entity, else its tag), else `otherAccount`;
--   a contract: `JustLend`, `SunSwap` or `SunCurve` when its label (entity or tag) or its contract name or tag starts
--   with that project's name (case-insensitive), else `otherContract`.
-- Rows: the $top largest holders (or exchanges) of each (contract, category) with the category's total beside them
-- (at least one row per non-empty category, so the totals always come). Ties by name.
-- @param contracts VARCHAR[]
-- @param top BIGINT
WITH pos AS (
  SELECT contract_address, holder_address, CAST(balance_raw AS HUGEINT) AS bal
  FROM trc20_balances
  WHERE contract_address IN (SELECT unnest($contracts)) AND holder_rank IS NOT NULL
),
lab AS (
  SELECT address,
         min(coalesce(nullif(entity, ''), public_tag)) FILTER (WHERE category = 'exchange') AS exchange,
         min(CASE WHEN lower(coalesce(entity, '')) LIKE 'justlend%' OR lower(public_tag) LIKE 'justlend%' THEN 'JustLend'
                  WHEN lower(coalesce(entity, '')) LIKE 'sunswap%' OR lower(public_tag) LIKE 'sunswap%' THEN 'SunSwap'
                  WHEN lower(coalesce(entity, '')) LIKE 'suncurve%' OR lower(public_tag) LIKE 'suncurve%' THEN 'SunCurve' END) AS project
  FROM address_labels
  WHERE address IN (SELECT holder_address FROM pos)
  GROUP BY address
),
con AS (
  SELECT address,
         min(CASE WHEN lower(name) LIKE 'justlend%' OR lower(tag) LIKE 'justlend%' THEN 'JustLend'
                  WHEN lower(name) LIKE 'sunswap%' OR lower(tag) LIKE 'sunswap%' THEN 'SunSwap'
                  WHEN lower(name) LIKE 'suncurve%' OR lower(tag) LIKE 'suncurve%' THEN 'SunCurve' END) AS project
  FROM contracts
  WHERE address IN (SELECT holder_address FROM pos)
  GROUP BY address
),
cat AS (
  SELECT p.contract_address, p.bal,
         CASE WHEN c.address IS NULL THEN CASE WHEN l.exchange IS NOT NULL THEN 'exchange' ELSE 'otherAccount' END
              ELSE coalesce(l.project, c.project, 'otherContract') END AS category,
         CASE WHEN c.address IS NULL AND l.exchange IS NOT NULL THEN l.exchange ELSE p.holder_address END AS name
  FROM pos p
  LEFT JOIN con c ON c.address = p.holder_address
  LEFT JOIN lab l ON l.address = p.holder_address
),
grp AS (
  SELECT contract_address, category, name, sum(bal) AS v FROM cat GROUP BY contract_address, category, name
),
ranked AS (
  SELECT contract_address, category, name, v,
         row_number() OVER (PARTITION BY contract_address, category ORDER BY v DESC, name) AS rn,
         sum(v) OVER (PARTITION BY contract_address, category) AS category_value
  FROM grp
)
SELECT contract_address, category, name, CAST(v AS VARCHAR) AS value, CAST(category_value AS VARCHAR) AS category_value, rn
FROM ranked
WHERE rn <= greatest($top, 1)
ORDER BY contract_address, category, rn;
