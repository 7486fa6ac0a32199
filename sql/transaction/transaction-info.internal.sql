-- /api/transaction-info: the transaction's internal transactions.
-- @param hash VARCHAR
-- @param block BIGINT
SELECT internal_index, internal_hash, caller_address, to_address, token_id, call_value, note, rejected
FROM internal_transactions
WHERE block_number = $block AND tx_hash = $hash
ORDER BY internal_index;
