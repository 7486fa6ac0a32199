-- /api/transfer with an address filter: number of rows matching the same filters (rangeTotal), on the by-address copy.
-- @param anchor VARCHAR
-- @param dirs VARCHAR[]
-- @param from_addr VARCHAR
-- @param to_addr VARCHAR
-- @param block BIGINT
-- @param tokens VARCHAR[]
-- @param start_ts BIGINT
-- @param end_ts BIGINT
-- @param confirm INTEGER[]
-- @param min_amount DOUBLE
SELECT count(*) AS n
FROM address_transactions t
WHERE t.address = $anchor AND t.bucket = address_bucket($anchor)
  AND ($dirs IS NULL OR list_contains($dirs, t.direction))
  AND t.contract_type IN (1, 2)
  AND ($start_ts IS NULL OR t."timestamp" >= $start_ts) AND ($end_ts IS NULL OR t."timestamp" <= $end_ts)
  AND ($from_addr IS NULL OR t.owner_address = $from_addr)
  AND ($to_addr IS NULL OR t.to_address = $to_addr)
  AND ($block IS NULL OR t.block_number = $block)
  AND ($tokens IS NULL OR list_contains($tokens, CASE WHEN t.contract_type = 1 THEN '_' ELSE t.token_id END))
  AND ($min_amount IS NULL OR t.amount >= $min_amount)
  AND ($confirm IS NULL OR list_contains($confirm, CASE WHEN t.contract_ret <> 'SUCCESS' THEN 2 WHEN t.block_number > solid_block() THEN 1 ELSE 0 END));
