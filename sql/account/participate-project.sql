-- The DeFi positions of $address (defi_positions, issue 34) for /api/participate_project, one row per position with
-- what values it: its project's name and site (projects), the decimals of its token (the underlying's from
-- project_contracts for supply and borrow, the LP token's from tokens), the underlying's latest USD and TRX price
-- (latest_prices: the price rule's latest day; NULL without one) and, for a supply row, the market's newest Mint or
-- Redeem (lending_events: the underlying amount and the jTokens of that event, the exchange rate it implies, applied
-- exactly in code). Bounded by the address's positions and the events of its markets.
-- @param address VARCHAR
WITH pos AS (
  SELECT * FROM defi_positions WHERE holder_address = $address
),
rate AS (
  SELECT market_address, amount_raw, jtoken_amount_raw
  FROM lending_events
  WHERE event_name IN ('Mint', 'Redeem') AND market_address IN (SELECT contract_address FROM pos WHERE kind = 'supply')
    AND jtoken_amount_raw IS NOT NULL AND CAST(jtoken_amount_raw AS HUGEINT) > 0
  QUALIFY row_number() OVER (PARTITION BY market_address ORDER BY block_number DESC, tx_index DESC, log_index DESC) = 1
)
SELECT p.project, pj.name AS project_name, coalesce(pj.url, '') AS project_url, pj.category, p.contract_address, p.venue,
       p.kind, p.token_address, p.underlying_address, p.balance_raw,
       CASE WHEN p.kind = 'lp' THEN t.decimals ELSE TRY_CAST(pc.token_decimals AS INTEGER) END AS decimals,
       pr.usd AS price_usd, CASE WHEN p.underlying_address = '_' THEN 1.0 ELSE pr.trx END AS price_trx,
       r.amount_raw AS rate_amount_raw, r.jtoken_amount_raw AS rate_tokens_raw
FROM pos p
LEFT JOIN projects pj ON pj.project = p.project
LEFT JOIN project_contracts pc ON pc.contract_address = p.contract_address
LEFT JOIN tokens t ON t.token_id = p.token_address
LEFT JOIN latest_prices pr ON pr.token_id = p.underlying_address
LEFT JOIN rate r ON r.market_address = p.contract_address AND p.kind = 'supply'
ORDER BY p.project, p.contract_address, p.kind, p.token_address
