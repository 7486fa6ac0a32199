-- /api/transaction-info step 1: the block and time of a hash, from the hash-sorted index (one row group read).
-- @param hash VARCHAR
SELECT block_number, "timestamp" FROM tx_by_hash WHERE tx_hash = $hash LIMIT 1;
