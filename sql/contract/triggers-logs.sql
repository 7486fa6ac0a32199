-- The triggers batch's event logs: those of the transactions $hashes in blocks [$min_block, $max_block] of the days
-- [$start_day, $end_day] (the logs' day files of those blocks, pruned by block), in chain order.
-- @param start_day VARCHAR
-- @param end_day VARCHAR
-- @param min_block BIGINT
-- @param max_block BIGINT
-- @param hashes VARCHAR[]
SELECT l.block_number, l."timestamp", l.tx_hash, l.log_index, l.contract_address, l.topic0, l.topic1, l.topic2, l.topic3, l.data
FROM logs l
WHERE l."date" BETWEEN $start_day AND $end_day AND l.block_number BETWEEN $min_block AND $max_block
  AND l.tx_hash IN (SELECT unnest($hashes))
ORDER BY l.block_number, l.tx_hash, l.log_index
