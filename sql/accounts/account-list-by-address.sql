-- /api/account/list?address=…: that account alone (its bucket of accounts).
-- @param address VARCHAR
SELECT address, balance, power, tx_total, latest_operation_time FROM accounts WHERE bucket = address_bucket($address) AND address = $address
