-- The newest approval of each (owner, token, spender, TRC721 token id) in schema {{1}}'s token_approvals (main: the
-- whole lake; delta: the new blocks), with the key's approval count. Unlimited: 2^256-1, or an operator set on.
SELECT owner_address, contract_address, spender_address, coalesce(token_id, '') AS token_id, token_standard, event_type,
       amount_raw, amount,
       (amount_raw = '115792089237316195423570985008687907853269984665640564039457584007913129639935'
        OR (event_type = 'ApprovalForAll' AND amount_raw <> '0')) AS unlimited,
       block_number, "timestamp", tx_hash, tx_index, log_index,
       count(*) OVER (PARTITION BY owner_address, contract_address, spender_address, coalesce(token_id, ''))::BIGINT AS approvals
FROM {{1}}.token_approvals
QUALIFY row_number() OVER (PARTITION BY owner_address, contract_address, spender_address, coalesce(token_id, '')
                           ORDER BY block_number DESC, tx_index DESC, log_index DESC) = 1
