-- /api/internal-transaction with address only (no block, no contract): the rows of the copy bucketed by address,
-- where the caller or the callee is the address (a self call once). State as in internal-transaction.sql: 2 when
-- the top-level transaction failed, else 1 above solid_block(), else 0.
-- @total
-- @param address VARCHAR
-- @param confirm INTEGER[]
-- @param lim BIGINT
-- @param off BIGINT
SELECT t.tx_hash, t.block_number, t."timestamp", t.internal_index, t.internal_hash, t.caller_address, t.to_address,
       t.token_id, t.call_value, t.note, t.rejected, t.contract_ret, is_confirmed(t.block_number) AS confirmed
FROM {{> fragments/address-copy address_internal_transactions t}}
WHERE {{> fragments/address-rows t}}
  AND {{> fragments/time-window t}}
  AND ($confirm IS NULL OR list_contains($confirm, tx_state(t.contract_ret, t.block_number)))
ORDER BY {{order_by}}
LIMIT $lim OFFSET $off;
