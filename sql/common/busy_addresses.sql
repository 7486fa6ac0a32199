-- Addresses with more than $min_rows rows in a by-address copy: the list kit searches their pages in time windows.
-- address_transactions' rows of an address are its transactions signed or received (account_activity's tx_total);
-- the other copies' are counted in address_row_counts. Read once per published version and kept in memory
-- (kit/lookups.ts `busyAddresses`).
-- @param min_rows BIGINT
SELECT 'address_transactions' AS dataset, address
FROM account_activity
WHERE tx_total > $min_rows
UNION ALL
SELECT dataset, address
FROM address_row_counts
WHERE row_count > $min_rows AND address IS NOT NULL;
