-- brokerageHistory of /api/vote/witness?address=: every witness's commission changes in the lake (read once per
-- version, ctx.versionRows: a few per witness a year), newest first per witness, each with the commission it replaced
-- (the witness's change before it in the lake; NULL for its first: the lake does not know the value set before its
-- window).
SELECT witness_address, block_number, "timestamp", tx_hash, brokerage,
       lag(brokerage) OVER (PARTITION BY witness_address ORDER BY block_number, tx_index) AS previous
FROM brokerage_history
ORDER BY witness_address, block_number DESC, tx_index DESC
