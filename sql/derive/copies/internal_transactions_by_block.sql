-- The internal transactions in block order with their top-level transaction's result (the state of an internal row
-- is its transaction's; 'SUCCESS' when that transaction is not in the lake, as /api/internal-transaction joins it).
SELECT i.* EXCLUDE ("date"), coalesce(x.contract_ret, 'SUCCESS') AS contract_ret
FROM internal_transactions i
LEFT JOIN (SELECT block_number, tx_hash, contract_ret FROM transactions WHERE internal_count > 0) x
  ON x.block_number = i.block_number AND x.tx_hash = i.tx_hash;
