-- /api/search/v2: balance, name and lake transaction count of one address of the page (accounts: its bucket's file,
-- pruned by the constant bucket; a list bound as a parameter is not pruned, so a page asks one statement per address).
-- @param address VARCHAR
SELECT address, balance, name, tx_total
FROM accounts WHERE bucket = address_bucket($address) AND address = $address
