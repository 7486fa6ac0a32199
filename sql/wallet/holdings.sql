-- The token positions of $address (token_holdings_by_holder, clustered by holder) with their metadata and latest
-- daily price (USD and TRX per whole token; NULL without a price). Read by /api/account/tokens.
-- @param address VARCHAR
SELECT h.token_standard, h.token_id, h.balance_raw, h.balance, t.name, t.symbol, t.decimals, t.issuer_address, t.logo_url,
       t.level, t.vip, t.can_show, p.usd AS price_usd, p.trx AS price_trx
FROM token_holdings_by_holder h
LEFT JOIN tokens t ON t.token_id = h.token_id
LEFT JOIN latest_prices p ON p.token_id = h.token_id
WHERE h.holder_address = $address
