-- /api/account/list?address=…: that account alone.
-- @param address VARCHAR
SELECT address, balance, power, tx_total, latest_operation_time FROM accounts WHERE address = $address
