-- brokerageHistory of /api/vote/witness?address=: the witness's commission changes in the lake, newest first, each with
-- the commission it replaced (the change before it in the lake; NULL for the lake's first: the lake does not know the
-- value set before its window). brokerage_history is sorted by witness, so the equality prunes.
-- @param address VARCHAR
SELECT block_number, "timestamp", tx_hash, brokerage,
       lag(brokerage) OVER (ORDER BY block_number, tx_index) AS previous
FROM brokerage_history WHERE witness_address = $address
ORDER BY block_number DESC, tx_index DESC
