-- /api/transaction-info step 1: the block of a hash, from the hash-sorted index (one row group read).
-- @param hash VARCHAR
SELECT block_number FROM tx_by_hash WHERE tx_hash = $hash LIMIT 1;
