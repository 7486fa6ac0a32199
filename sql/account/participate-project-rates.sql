-- Per JustLend market: its newest Mint or Redeem with jTokens (lending_events), whose underlying amount ÷ jTokens is the
-- exchange rate /api/participate_project applies to a supply position (docs/compat.md "DeFi positions (issue 34)").
-- Depends only on the version: read once per version (ctx.versionRows), one row per market.
SELECT market_address, amount_raw, jtoken_amount_raw
FROM lending_events
WHERE event_name IN ('Mint', 'Redeem') AND jtoken_amount_raw IS NOT NULL AND CAST(jtoken_amount_raw AS HUGEINT) > 0
QUALIFY row_number() OVER (PARTITION BY market_address ORDER BY block_number DESC, tx_index DESC, log_index DESC) = 1
ORDER BY market_address
