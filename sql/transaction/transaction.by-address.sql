-- /api/transaction with an address (address / fromAddress / toAddress): the copy clustered by address.
-- $dirs selects sides: ['out','self'] for sent, ['in','self'] for received, all three for both.
-- @param address VARCHAR
-- @param dirs VARCHAR[]
-- @param from_address VARCHAR
-- @param to_address VARCHAR
-- @param start_ts BIGINT
-- @param end_ts BIGINT
-- @param block BIGINT
-- @param types INTEGER[]
-- @param tokens VARCHAR[]
-- @param confirm INTEGER[]
-- @param lim BIGINT
-- @param off BIGINT
SELECT t.* EXCLUDE (address, direction), t.block_number <= solid_block() AS confirmed
FROM address_transactions t
WHERE t.address = $address AND t.bucket = address_bucket($address)
  AND list_contains($dirs, t.direction)
  AND ($from_address IS NULL OR t.owner_address = $from_address)
  AND ($to_address IS NULL OR coalesce(t.to_address, t.contract_address) = $to_address)
  AND ($start_ts IS NULL OR t."timestamp" >= $start_ts) AND ($end_ts IS NULL OR t."timestamp" <= $end_ts)
  AND ($block IS NULL OR t.block_number = $block)
  AND ($types IS NULL OR list_contains($types, t.contract_type))
  AND ($tokens IS NULL OR list_contains($tokens, CASE WHEN t.contract_type = 1 THEN '_' ELSE coalesce(t.token_id, t.contract_address) END))
  AND ($confirm IS NULL OR list_contains($confirm, CASE WHEN t.contract_ret <> 'SUCCESS' THEN 2 WHEN t.block_number > solid_block() THEN 1 ELSE 0 END))
ORDER BY {{order_by}}
LIMIT $lim OFFSET $off;
