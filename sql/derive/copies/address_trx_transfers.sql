-- TRX and TRC10 transfers (contract types 1 TransferContract, 2 TransferAssetContract: what /api/transfer lists), the
-- columns it shows, filed under the sender and the receiver (once when they are the same address), as
-- address_transactions files every transaction: an address's transfers are one contiguous span of its key file. The
-- side equal to the row's address is stored as '' (growth `sameAsAddress`: owner_address, to_address), and the view
-- puts it back.
WITH t AS (
  SELECT block_number, "timestamp", tx_hash, tx_index, contract_type, owner_address, to_address, amount, token_id, memo, contract_ret
  FROM transactions
  WHERE contract_type IN (1, 2)
)
SELECT owner_address AS address,
       CASE WHEN to_address = owner_address THEN 'self' ELSE 'out' END AS direction,
       t.* REPLACE ('' AS owner_address, CASE WHEN to_address = owner_address THEN '' ELSE to_address END AS to_address)
FROM t
UNION ALL
SELECT to_address AS address, 'in' AS direction, t.* REPLACE ('' AS to_address)
FROM t
WHERE to_address IS NOT NULL AND to_address <> owner_address;
