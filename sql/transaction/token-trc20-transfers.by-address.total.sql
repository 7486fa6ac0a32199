-- /api/token_trc20/transfers with an address filter: rows matching the same filters (rangeTotal).
-- @param anchor VARCHAR
-- @param dirs VARCHAR[]
-- @param contract VARCHAR
-- @param from_addr VARCHAR
-- @param to_addr VARCHAR
-- @param block BIGINT
-- @param start_ts BIGINT
-- @param end_ts BIGINT
-- @param min_block BIGINT
-- @param max_block BIGINT
-- @param min_amount DOUBLE
SELECT count(*) AS n
FROM address_token_transfers t
WHERE t.address = $anchor AND t.bucket = address_bucket($anchor)
  AND ($dirs IS NULL OR list_contains($dirs, t.direction))
  AND t.token_standard IN ('trc20', 'trc721')
  AND ($start_ts IS NULL OR t."timestamp" >= $start_ts) AND ($end_ts IS NULL OR t."timestamp" <= $end_ts)
  AND ($contract IS NULL OR t.contract_address = $contract)
  AND ($from_addr IS NULL OR t.from_address = $from_addr)
  AND ($to_addr IS NULL OR t.to_address = $to_addr)
  AND ($block IS NULL OR t.block_number = $block)
  AND ($min_block IS NULL OR t.block_number >= $min_block) AND ($max_block IS NULL OR t.block_number <= $max_block)
  AND ($min_amount IS NULL OR t.amount >= $min_amount);
