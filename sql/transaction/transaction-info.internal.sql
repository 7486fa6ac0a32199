-- /api/transaction-info: the transaction's internal transactions.
-- @param hash VARCHAR
-- @param block BIGINT
-- @param day VARCHAR
SELECT internal_index, internal_hash, caller_address, to_address, token_id, call_value, note, rejected
FROM internal_transactions
WHERE "date" = $day AND block_number = $block AND tx_hash = $hash
ORDER BY internal_index;
