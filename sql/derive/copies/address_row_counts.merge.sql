-- address_row_counts.sql over the new blocks, added to the previous version's counts.
SELECT dataset, address, CAST(coalesce(p.row_count, 0) + coalesce(d.row_count, 0) AS BIGINT) AS row_count
FROM prev.address_row_counts p
FULL OUTER JOIN ({{> fragments/address-row-counts delta}}) d USING (dataset, address)
