-- The triggers batch's hashList: the blocks and times of the transactions whose ids begin like the hashes (the
-- prefix-sorted hash index: a row group per hash); the transactions are then read from those blocks' days.
-- @param hashes VARCHAR[]
SELECT block_number, "timestamp" FROM tx_by_hash
WHERE hash_prefix IN (SELECT tx_hash_prefix(h) FROM (SELECT unnest($hashes) AS h))
