-- /api/contract: one contract's row of contract_list (point lookup by address) with TRX's latest USD price
-- (latest_prices, in memory; NULL without one).
-- @param address VARCHAR
SELECT c.address, c.name, c.creator_address, c.created_ts, c.is_token, c.tag, c.balance, c.trx_count,
       (SELECT CAST(usd AS VARCHAR) FROM latest_prices WHERE token_id = '_') AS trx_usd
FROM contract_list c
WHERE c.address = $address
