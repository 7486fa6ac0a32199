-- The TRX balance of $address from its newest account snapshot (NULL without one) and TRX's latest USD price.
-- @param address VARCHAR
SELECT (SELECT balance FROM account_snapshots WHERE address = $address ORDER BY as_of_block DESC LIMIT 1) AS balance,
       (SELECT usd FROM latest_prices WHERE token_id = '_') AS price_usd
