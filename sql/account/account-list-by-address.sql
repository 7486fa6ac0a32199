-- /api/account/list?address=…: that account alone (its bucket of accounts).
-- @param address VARCHAR
SELECT address, balance, power, tx_total, latest_operation_time,
       CASE WHEN began_in_window(create_time) THEN tx_total END AS lifetime_tx
FROM accounts WHERE bucket = address_bucket($address) AND address = $address
