-- /api/internal-transaction with address only: rows matching the same filters (rangeTotal).
-- @param address VARCHAR
-- @param start_ts BIGINT
-- @param end_ts BIGINT
-- @param confirm INTEGER[]
SELECT count(*) AS n
FROM address_internal_transactions t
WHERE t.address = $address AND t.bucket = address_bucket($address)
  AND ($start_ts IS NULL OR t."timestamp" >= $start_ts) AND ($end_ts IS NULL OR t."timestamp" <= $end_ts)
  AND ($confirm IS NULL OR list_contains($confirm, CASE
        WHEN t.contract_ret <> 'SUCCESS' THEN 2
        WHEN t.block_number > solid_block() THEN 1 ELSE 0 END));
