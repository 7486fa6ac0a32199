-- /api/account/approve/change: the history of one allowance (token, owner, spender), one type at a time (approve:
-- its approvals; transfer: the transfers that spent it, our spender rule in sql/derive/approvals/allowance_events.sql),
-- newest first, from the owner's range files of allowance_events. The count rides on the page (count(*) OVER ()).
-- The owner's and the spender's public tags are the request's two addresses': one lookup (kit/lookups.ts), not two joins.
-- @param contract VARCHAR
-- @param spender VARCHAR
-- @param type VARCHAR
-- @param lim BIGINT
-- @param off BIGINT
SELECT e.tx_hash, e.block_number, e."timestamp", e.owner_address, e.initiator_address, e.spender_address, e.contract_address,
       e.type, e.amount_raw, e.unlimited, e.contract_ret, is_confirmed(e.block_number) AS confirmed,
       count(*) OVER () AS n_rows
FROM {{> fragments/address-copy allowance_events e}}
WHERE e.owner_address = $address AND e.bucket = address_bucket($address)
  AND e.contract_address = $contract AND e.spender_address = $spender AND e.type = $type
ORDER BY e.block_number DESC, e.tx_index DESC, e.log_index DESC, e.batch_index DESC
LIMIT $lim OFFSET $off
