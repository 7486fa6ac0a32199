-- Hash → (block, time, index) index, sorted by the hash's prefix (tx_hash_prefix: 60 bits of it as an integer, not
-- the 64 hex digits) at write time so min/max statistics prune a lookup to one row group. A prefix shared by two
-- transactions gives both rows; the reader matches the whole id on the transaction row (transaction-info.locate).
SELECT tx_hash_prefix(tx_hash) AS hash_prefix, block_number, "timestamp", tx_index FROM transactions;
