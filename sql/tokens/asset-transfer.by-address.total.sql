-- /api/asset/transfer with address / relatedAddress: number of rows matching the same filters (rangeTotal).
-- @param anchor VARCHAR
-- @param tokens VARCHAR[]
-- @param start_ts BIGINT
-- @param end_ts BIGINT
-- @param confirm INTEGER[]
-- @param min_amount DOUBLE
SELECT count(*) AS n
FROM address_transactions t
WHERE t.address = $anchor AND t.bucket = address_bucket($anchor)
  AND t.contract_type IN (1, 2)
  AND ($start_ts IS NULL OR t."timestamp" >= $start_ts) AND ($end_ts IS NULL OR t."timestamp" <= $end_ts)
  AND ($tokens IS NULL OR list_contains($tokens, CASE WHEN t.contract_type = 1 THEN '_' ELSE t.token_id END))
  AND ($min_amount IS NULL OR t.amount >= $min_amount)
  AND ($confirm IS NULL OR list_contains($confirm, CASE WHEN t.block_number > solid_block() THEN 1 ELSE 0 END));
