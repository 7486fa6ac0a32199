-- The holder categories of the stablecoin distribution endpoints (distribution, holder/balance/overview): per contract
-- of $contracts, its positive balances by category (fragments/stable-positions; the categories decided by
-- fragments/stable-holder-category, their one place; distribution-change applies them to every day).
-- Rows: the $top largest holders (or exchanges) of each (contract, category) with the category's total beside them
-- (at least one row per non-empty category, so the totals always come). Ties by name.
-- @param contracts VARCHAR[]
-- @param top BIGINT
WITH {{> fragments/stable-positions}},
grp AS (
  SELECT contract_address, category, name, sum(bal) AS v FROM stable_positions GROUP BY contract_address, category, name
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
