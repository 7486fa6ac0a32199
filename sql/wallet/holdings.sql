-- The token positions of $address (token_holdings_by_holder, clustered by holder). Read by /api/account/tokens,
-- /wallet and /token_asset_overview, which take each token's metadata, latest price and statistics from
-- token-facts.sql (read once per version where the tokens dimension is small: each join here cost 1-4 ms per
-- response, issue 27) and order the rows by standard and token id in code.
-- @param address VARCHAR
SELECT token_standard, token_id, balance_raw, balance FROM token_holdings_by_holder
WHERE bucket = address_bucket($address) AND holder_address = $address
