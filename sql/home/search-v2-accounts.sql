-- /api/search/v2: balance, name and lake transaction count of a page of addresses (at most 50), from accounts.
-- @param addresses VARCHAR[]
SELECT address, balance, name, tx_total
FROM accounts
WHERE bucket IN (SELECT address_bucket(unnest($addresses))) AND address IN (SELECT unnest($addresses))
