-- The DeFi positions of $address (defi_positions, issue 34) for /api/participate_project, one row per position with
-- what values it: its project's name, site and category (projects), the decimals of its token (the underlying's from
-- project_contracts for supply and borrow, the LP token's from tokens) and the underlying's latest USD and TRX price
-- (latest_prices: the price rule's latest day; NULL without one). A supply row's exchange rate comes from
-- participate-project-rates.sql (once per version). Bounded by the address's positions.
-- @param address VARCHAR
WITH pos AS (
  SELECT * FROM defi_positions WHERE holder_address = $address
)
SELECT p.project, pj.name AS project_name, coalesce(pj.url, '') AS project_url, pj.category, p.contract_address, p.venue,
       p.kind, p.token_address, p.underlying_address, p.balance_raw,
       CASE WHEN p.kind = 'lp' THEN t.decimals ELSE TRY_CAST(pc.token_decimals AS INTEGER) END AS decimals,
       pr.usd AS price_usd, CASE WHEN p.underlying_address = '_' THEN 1.0 ELSE pr.trx END AS price_trx
FROM pos p
LEFT JOIN projects pj ON pj.project = p.project
LEFT JOIN project_contracts pc ON pc.contract_address = p.contract_address
LEFT JOIN (SELECT token_id, decimals FROM tokens WHERE token_id IN (SELECT token_address FROM pos WHERE kind = 'lp')) t
  ON t.token_id = p.token_address
LEFT JOIN (SELECT token_id, usd, trx FROM latest_prices WHERE token_id IN (SELECT underlying_address FROM pos)) pr
  ON pr.token_id = p.underlying_address
ORDER BY p.project, p.contract_address, p.kind, p.token_address
