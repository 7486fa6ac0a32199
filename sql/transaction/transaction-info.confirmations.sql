-- /api/transaction-info: the SRs that produced the blocks confirming the transaction's block (up to 19 after it),
-- from blocks_by_number (its DuckDB lookup files: the 19 rows' vectors, not two days of Parquet); their names and
-- urls from the per-version witness map (kit lookups.witnessInfo).
-- @param block BIGINT
SELECT b.witness_address, min(b.block_number) AS block_number
FROM blocks_by_number b
WHERE b.block_number > $block AND b.block_number <= $block + 19
GROUP BY b.witness_address
ORDER BY block_number;
