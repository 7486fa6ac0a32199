-- Hash → (block, time, index) index, sorted by hash at write time so min/max statistics prune a lookup to one row group.
SELECT tx_hash, block_number, "timestamp", tx_index FROM transactions;
