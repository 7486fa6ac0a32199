-- /api/transaction-info: the SRs that produced the blocks confirming the transaction's block (up to 19 after it).
-- @param block BIGINT
-- @param day VARCHAR
-- @param next_day VARCHAR
SELECT b.witness_address, w.name, w.url, min(b.block_number) AS block_number
FROM blocks b
LEFT JOIN witnesses w ON w.address = b.witness_address
WHERE b."date" IN ($day, $next_day) AND b.block_number > $block AND b.block_number <= $block + 19
GROUP BY ALL
ORDER BY block_number;
