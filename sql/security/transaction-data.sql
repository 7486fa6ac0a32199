-- /api/security/transaction/data, for a version without the by-block key files (which answer it otherwise): the
-- parties and assets of one transaction located by tx_by_hash (its day and block
-- bound, so one day's file is read): the transaction itself (signer, receiver or called contract, TRC10 id) and each
-- token transfer it emitted (sides, token contract, exact amount). n = 0 when the hash is not in that block.
-- @param hash VARCHAR
-- @param block BIGINT
-- @param day VARCHAR
SELECT 'tx' AS kind, owner_address AS from_address, coalesce(to_address, contract_address) AS to_address,
       token_id AS token, CAST(amount AS VARCHAR) AS amount_raw, contract_type, '' AS token_standard
FROM transactions
WHERE "date" = $day AND block_number = $block AND tx_hash = $hash
UNION ALL
SELECT 'transfer', from_address, to_address, contract_address, amount_raw, NULL, token_standard
FROM token_transfers
WHERE "date" = $day AND block_number = $block AND tx_hash = $hash
