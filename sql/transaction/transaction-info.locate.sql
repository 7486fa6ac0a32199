-- /api/transaction-info step 1: the blocks and times of the transactions whose id begins like the hash, from the
-- prefix-sorted index (one row group read): almost always one, the transaction itself; step 2 matches the whole id.
-- @param hash VARCHAR
SELECT block_number, "timestamp" FROM tx_by_hash WHERE hash_prefix = tx_hash_prefix($hash);
