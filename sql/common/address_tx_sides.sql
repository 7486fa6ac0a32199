-- An address's rows per side in address_transactions, stored at publish (account_activity through the in-memory
-- account_details): tx_out its rows 'out' or 'self' (it signed), tx_in its rows 'in' or 'self' (it received; the
-- created / called contract when there is no to_address). The exact total of /api/transaction?address&direction.
-- @param address VARCHAR
SELECT coalesce(tx_out, 0)::BIGINT AS tx_out, coalesce(tx_in, 0)::BIGINT AS tx_in
FROM account_details_served
WHERE bucket = address_bucket($address) AND address = $address;
