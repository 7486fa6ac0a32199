-- /api/token_trc1155/transfers without an address filter: TRC1155 TransferSingle / TransferBatch items from the time-sorted fact table, newest
-- first by default (SPEC §4.7, reference §3.4).
-- token_transfers holds only the logs of successful transactions (the ingester and the generator drop the logs of
-- failed ones, as the node docs advise), so a row is never 2 "reverted": its state is 1 unconfirmed when its block
-- is above chain_state.solid_block, else 0 confirmed, and contract_ret is SUCCESS without a join to transactions.
-- $confirm keeps the listed states (NULL = all).
-- @param contract VARCHAR
-- @param block BIGINT
-- @param start_ts BIGINT
-- @param end_ts BIGINT
-- @param confirm INTEGER[]
-- @param min_amount DOUBLE
-- @param lim BIGINT
-- @param off BIGINT
SELECT t.tx_hash, t.block_number, t."timestamp", t.log_index, t.batch_index, t.token_standard, t.event_type,
       t.contract_address, t.from_address, t.to_address, t.operator_address, t.token_id, t.amount_raw,
       'SUCCESS' AS contract_ret, false AS revert, t.block_number <= solid_block() AS confirmed
FROM token_transfers t
WHERE t.token_standard = 'trc1155'
  AND t."timestamp" BETWEEN $start_ts AND $end_ts
  AND ($contract IS NULL OR t.contract_address = $contract)
  AND ($block IS NULL OR t.block_number = $block)
  AND ($min_amount IS NULL OR t.amount >= $min_amount)
  AND ($confirm IS NULL OR list_contains($confirm, CASE WHEN t.block_number > solid_block() THEN 1 ELSE 0 END))
ORDER BY {{order_by}}
LIMIT $lim OFFSET $off;
