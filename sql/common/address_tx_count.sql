-- An address's rows in the by-address copy address_transactions, stored per address (account_activity.tx_total:
-- the same sides and rule), so a page of /api/transaction by address reads its count instead of counting its rows.
-- No row: the address has no transaction in the lake (the caller reads 0).
-- @param address VARCHAR
SELECT tx_total AS n FROM account_activity WHERE address = $address;
