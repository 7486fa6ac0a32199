-- The internal transactions of each top-level transaction that names a contract (it called or created it), filed under
-- that contract with the transaction's result: what /api/internal-transaction?contract= lists (its `parents`), one
-- span of the key file per contract. The top-level transaction is in the same block, so a run reads its own blocks.
SELECT x.contract_address, i.* EXCLUDE ("date"), x.contract_ret
FROM internal_transactions i
JOIN (SELECT block_number, tx_hash, contract_address, contract_ret FROM transactions
      WHERE contract_address IS NOT NULL) x
  ON x.block_number = i.block_number AND x.tx_hash = i.tx_hash;
