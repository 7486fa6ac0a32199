-- /api/contract: the TRC10 / TRC20 positions of $address (token_holdings_by_holder: its bucket, one holder) that have
-- a latest price (latest_prices: USD and TRX per whole token, as text for exact products), with the token's decimals.
-- @param address VARCHAR
SELECT h.token_id, h.balance_raw, k.decimals, CAST(p.usd AS VARCHAR) AS usd, CAST(p.trx AS VARCHAR) AS trx
FROM token_holdings_by_holder h
JOIN tokens k ON k.token_id = h.token_id AND k.token_standard = h.token_standard
JOIN latest_prices p ON p.token_id = h.token_id
WHERE h.bucket = address_bucket($address) AND h.holder_address = $address AND h.token_standard IN ('trc10', 'trc20')
