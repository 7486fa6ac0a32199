-- /api/asset/transfer without an address: TRX (type 1, tokenName '_') and TRC10 (type 2) transfers, newest first.
-- $start_day / $end_day (UTC days of the bounds) prune the day partitions before the row filter.
-- $tokens holds '_' and / or TRC10 ids (NULL = all); $confirm keeps 0 solidified / 1 not yet (NULL = all).
-- @param tokens VARCHAR[]
-- @param start_ts BIGINT
-- @param end_ts BIGINT
-- @param start_day VARCHAR
-- @param end_day VARCHAR
-- @param confirm INTEGER[]
-- @param min_amount DOUBLE
-- @param lim BIGINT
-- @param off BIGINT
SELECT t.tx_hash, t.block_number, t."timestamp", t.owner_address, t.to_address, t.amount,
       CASE WHEN t.contract_type = 1 THEN '_' ELSE t.token_id END AS token_name, t.contract_ret,
       t.block_number <= solid_block() AS confirmed
FROM transactions t
WHERE true
  AND t.contract_type IN (1, 2)
  AND ($start_day IS NULL OR t."date" >= $start_day) AND ($end_day IS NULL OR t."date" <= $end_day)
  AND ($start_ts IS NULL OR t."timestamp" >= $start_ts) AND ($end_ts IS NULL OR t."timestamp" <= $end_ts)
  AND ($tokens IS NULL OR list_contains($tokens, CASE WHEN t.contract_type = 1 THEN '_' ELSE t.token_id END))
  AND ($min_amount IS NULL OR t.amount >= $min_amount)
  AND ($confirm IS NULL OR list_contains($confirm, CASE WHEN t.block_number > solid_block() THEN 1 ELSE 0 END))
ORDER BY t."timestamp" DESC, t.block_number DESC, t.tx_index DESC
LIMIT $lim OFFSET $off;
