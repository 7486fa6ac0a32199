-- /api/transaction without an address filter: the time-sorted fact table.
-- @param start_ts BIGINT
-- @param end_ts BIGINT
-- @param start_day VARCHAR
-- @param end_day VARCHAR
-- @param block BIGINT
-- @param types INTEGER[]
-- @param tokens VARCHAR[]
-- @param confirm INTEGER[]
-- @param lim BIGINT
-- @param off BIGINT
SELECT t.*, t.block_number <= solid_block() AS confirmed
FROM transactions t
WHERE ($start_day IS NULL OR t."date" >= $start_day) AND ($end_day IS NULL OR t."date" <= $end_day)
  AND ($start_ts IS NULL OR t."timestamp" >= $start_ts) AND ($end_ts IS NULL OR t."timestamp" <= $end_ts)
  AND ($block IS NULL OR t.block_number = $block)
  AND ($types IS NULL OR list_contains($types, t.contract_type))
  AND ($tokens IS NULL OR list_contains($tokens, CASE WHEN t.contract_type = 1 THEN '_' ELSE coalesce(t.token_id, t.contract_address) END))
  AND ($confirm IS NULL OR list_contains($confirm, CASE WHEN t.contract_ret <> 'SUCCESS' THEN 2 WHEN t.block_number > solid_block() THEN 1 ELSE 0 END))
ORDER BY {{order_by}}
LIMIT $lim OFFSET $off;
