-- TRX and TRC10 transfers (contract types 1 TransferContract, 2 TransferAssetContract: what /api/transfer lists), the
-- columns it shows, in block order: every transfer's pages and a block's transfers are one span of its key file.
SELECT block_number, "timestamp", tx_hash, tx_index, contract_type, owner_address, to_address, amount, token_id, memo, contract_ret
FROM transactions
WHERE contract_type IN (1, 2)
