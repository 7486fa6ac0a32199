-- An address's rows of the given token standards in the by-address copy address_token_transfers, stored per address
-- and standard (address_row_counts), so a token-transfer page by address reads its count instead of counting its
-- rows. No row: none in the lake (0).
-- @param address VARCHAR
-- @param standards VARCHAR[]
SELECT coalesce(sum(row_count), 0) AS n FROM address_row_counts
WHERE dataset = 'address_token_transfers' AND address = $address AND list_contains($standards, token_standard);
