-- /api/token_trc20/transfers with an address filter: number of rows matching the same filters (rangeTotal).
-- @param anchor VARCHAR
-- @param dirs VARCHAR[]
-- @param contract VARCHAR
-- @param from_addr VARCHAR
-- @param to_addr VARCHAR
-- @param block BIGINT
-- @param start_ts BIGINT
-- @param end_ts BIGINT
-- @param confirm INTEGER[]
-- @param min_amount DOUBLE
SELECT count(*) AS n
FROM address_token_transfers t
WHERE t.address = $anchor
  AND ($dirs IS NULL OR list_contains($dirs, t.direction))
  AND t.token_standard IN ('trc20', 'trc721')
  AND t."timestamp" BETWEEN $start_ts AND $end_ts
  AND ($contract IS NULL OR t.contract_address = $contract)
  AND ($from_addr IS NULL OR t.from_address = $from_addr)
  AND ($to_addr IS NULL OR t.to_address = $to_addr)
  AND ($block IS NULL OR t.block_number = $block)
  AND ($min_amount IS NULL OR t.amount >= $min_amount)
  AND ($confirm IS NULL OR list_contains($confirm, CASE WHEN t.block_number > solid_block() THEN 1 ELSE 0 END));
