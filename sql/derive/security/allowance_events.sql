-- What changed an allowance, filed under the owner (docs/compat.md "Security and approvals"): each approval, and each
-- TRC20 transfer out of an account's balance (not a contract's: a contract's transfers are its own, by transfer())
-- that the account did not make itself by calling the token: the spender is the signer when the signer called the
-- token (a direct transferFrom), else the contract the signer called (a router's transferFrom). Deeper call chains are
-- not followed (the internal caller is not linked to the token log). Mints (from the zero address) spend no allowance.
SELECT a.owner_address, a.contract_address, a.spender_address, 'approve' AS type, a.block_number, a."timestamp", a.tx_hash,
       a.tx_index, a.log_index, 0 AS batch_index, x.owner_address AS initiator_address, a.token_standard, a.amount_raw,
       (a.amount_raw = '115792089237316195423570985008687907853269984665640564039457584007913129639935'
        OR (a.event_type = 'ApprovalForAll' AND a.amount_raw <> '0')) AS unlimited,
       x.contract_ret
FROM token_approvals a
JOIN transactions x ON x.block_number = a.block_number AND x.tx_index = a.tx_index
UNION ALL
SELECT t.from_address, t.contract_address,
       CASE WHEN x.contract_address = t.contract_address THEN x.owner_address ELSE x.contract_address END,
       'transfer', t.block_number, t."timestamp", t.tx_hash, t.tx_index, t.log_index, t.batch_index, x.owner_address,
       t.token_standard, t.amount_raw, false, x.contract_ret
FROM token_transfers t
JOIN transactions x ON x.block_number = t.block_number AND x.tx_index = t.tx_index
WHERE t.token_standard = 'trc20' AND t.from_address <> 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb'
  AND x.contract_address IS NOT NULL
  AND NOT (x.owner_address = t.from_address AND x.contract_address = t.contract_address)
  AND t.from_address NOT IN (SELECT address FROM contracts)
