-- /api/token_trc1155/transfers with an address filter: number of rows matching the same filters (rangeTotal).
-- @param anchor VARCHAR
-- @param dirs VARCHAR[]
-- @param contract VARCHAR
-- @param block BIGINT
-- @param start_ts BIGINT
-- @param end_ts BIGINT
-- @param confirm INTEGER[]
-- @param min_amount DOUBLE
SELECT count(*) AS n
FROM address_token_transfers t
WHERE t.address = $anchor
  AND ($dirs IS NULL OR list_contains($dirs, t.direction))
  AND t.token_standard = 'trc1155'
  AND t."timestamp" BETWEEN $start_ts AND $end_ts
  AND ($contract IS NULL OR t.contract_address = $contract)
  AND ($block IS NULL OR t.block_number = $block)
  AND ($min_amount IS NULL OR t.amount >= $min_amount)
  AND ($confirm IS NULL OR list_contains($confirm, CASE WHEN t.block_number > solid_block() THEN 1 ELSE 0 END));
