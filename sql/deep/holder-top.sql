-- /api/stableCoin/holder/top: the 50 holders with the largest (or smallest) positive balance of one coin, the coin's
-- contracts added (USDD: 2.0 and the old wrapper, same decimals), then every positive stablecoin position of those
-- holders. Balances are trc20_balances (openings + Σ transfers in − out, docs/datasets.md); ties by address.
-- @param coin_contracts VARCHAR[]
-- @param all_contracts VARCHAR[]
-- @param exclude_contracts BOOLEAN
-- @param ascending BOOLEAN
WITH coin AS (
  SELECT holder_address, sum(CAST(balance_raw AS HUGEINT)) AS bal
  FROM trc20_balances
  WHERE contract_address IN (SELECT unnest($coin_contracts)) AND holder_rank IS NOT NULL
  GROUP BY holder_address
),
top AS (
  SELECT holder_address,
         row_number() OVER (ORDER BY CASE WHEN $ascending THEN bal ELSE -bal END, holder_address) AS rn
  FROM coin
  WHERE NOT $exclude_contracts OR holder_address NOT IN (SELECT address FROM contracts)
  QUALIFY rn <= 50
)
SELECT t.rn, t.holder_address, b.contract_address, b.balance_raw,
       coalesce(l.public_tag, '') AS public_tag, c.address IS NOT NULL AS is_contract
FROM top t
JOIN trc20_balances b
  ON b.holder_address = t.holder_address AND b.contract_address IN (SELECT unnest($all_contracts)) AND b.holder_rank IS NOT NULL
LEFT JOIN (SELECT address, min(public_tag) AS public_tag FROM address_labels GROUP BY address) l ON l.address = t.holder_address
LEFT JOIN (SELECT DISTINCT address FROM contracts) c ON c.address = t.holder_address
ORDER BY t.rn, b.contract_address;
