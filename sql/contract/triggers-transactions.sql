-- The triggers batch's TriggerSmartContract transactions: those of $hashes (every id when NULL) in blocks
-- [$min_block, $max_block] of the days [$start_day, $end_day] (the day files of those blocks only, pruned by block),
-- to $contract (any when NULL).
-- @param start_day VARCHAR
-- @param end_day VARCHAR
-- @param min_block BIGINT
-- @param max_block BIGINT
-- @param hashes VARCHAR[]
-- @param contract VARCHAR
SELECT t.block_number, t."timestamp", t."date", t.tx_index, t.tx_hash, t.owner_address, t.contract_address, t.amount,
       t.token_id, t.call_data
FROM transactions t
WHERE t."date" BETWEEN $start_day AND $end_day AND t.block_number BETWEEN $min_block AND $max_block
  AND t.contract_type = 31 AND ($contract IS NULL OR t.contract_address = $contract)
  AND ($hashes IS NULL OR t.tx_hash IN (SELECT unnest($hashes)))
ORDER BY t.block_number DESC, t.tx_index DESC
