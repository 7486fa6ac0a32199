-- Addresses with more than $min_rows rows in a by-address copy (address_row_counts): the list kit searches their
-- pages in time windows. Read once per published version and kept in memory (kit/lookups.ts `busyAddresses`).
-- @param min_rows BIGINT
SELECT dataset, address
FROM address_row_counts
WHERE row_count > $min_rows AND address IS NOT NULL;
