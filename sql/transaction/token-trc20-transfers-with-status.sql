-- /api/token_trc20/transfers-with-status: one wallet's transfers of one TRC20 token, optionally merged with its
-- Approval events (SPEC §4.7, reference §3.7). Transfers come from the copy clustered by address, sides $dirs
-- (NULL = no transfer rows) and are labelled with $dir_code (1 out, 2 in); approvals from token_approvals where
-- the wallet is the owner ($approvals_as = 'owner', direction 1) or the spender ('spender', direction 2),
-- none when NULL. Both tables hold only logs of successful transactions (the ingester and the generator drop the
-- logs of failed ones), so contract_ret is SUCCESS and the state is 1 unconfirmed above the solid block, else 0.
-- `n` counts every matching row (the page carries rangeTotal: one statement, not a page and a count). batch_index
-- orders the rows of one TRC1155 TransferBatch log (one row per token id), which share every other sort key.
-- @total
-- @param address VARCHAR
-- @param token VARCHAR
-- @param dirs VARCHAR[]
-- @param dir_code INTEGER
-- @param approvals_as VARCHAR
-- @param lim BIGINT
-- @param off BIGINT
SELECT u.*, 'SUCCESS' AS contract_ret, is_confirmed(u.block_number) AS confirmed, count(*) OVER () AS n
FROM (
  SELECT t.tx_hash, t.block_number, t."timestamp", t.tx_index, t.log_index, t.event_type, t.contract_address,
         t.from_address, t.to_address, t.amount_raw AS amount, '0' AS approval_amount, $dir_code AS direction, t.batch_index
  FROM {{> fragments/address-copy address_token_transfers t}}
  WHERE $dirs IS NOT NULL
    AND {{> fragments/address-rows t}}
    AND list_contains($dirs, t.direction)
    AND t.contract_address = $token
  UNION ALL
  SELECT a.tx_hash, a.block_number, a."timestamp", a.tx_index, a.log_index, a.event_type, a.contract_address,
         a.owner_address AS from_address, a.spender_address AS to_address, '0' AS amount,
         a.amount_raw AS approval_amount, CASE WHEN a.owner_address = $address THEN 1 ELSE 2 END AS direction, 0 AS batch_index
  FROM token_approvals a
  WHERE $approvals_as IS NOT NULL
    AND a.contract_address = $token
    AND ((a.owner_address = $address AND $approvals_as = 'owner')
      OR (a.spender_address = $address AND $approvals_as = 'spender'))
) u
ORDER BY {{order_by}}
LIMIT $lim OFFSET $off;
