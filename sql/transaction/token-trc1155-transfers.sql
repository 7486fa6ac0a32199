-- /api/token_trc1155/transfers without an address filter: TRC1155 TransferSingle / TransferBatch items (SPEC §4.7,
-- reference §3.4) from the time-sorted fact table. Time bounds are NULL when they do not cut the lake; the handler
-- searches a newest-first page in growing windows (http/time-window.ts), the day bounds skip whole partitions.
-- token_transfers holds only the logs of successful transactions (the ingester and the generator drop the logs of
-- failed ones, as the node docs advise), so a row is never 2 "reverted": its state is 1 unconfirmed above
-- solid_block(), else 0 confirmed, and contract_ret is SUCCESS without a join to transactions. A confirm filter
-- arrives as block bounds around the solid block ($min_block / $max_block), which prune row groups.
-- @param contract VARCHAR
-- @param block BIGINT
-- @param start_ts BIGINT
-- @param end_ts BIGINT
-- @param start_day VARCHAR
-- @param end_day VARCHAR
-- @param min_block BIGINT
-- @param max_block BIGINT
-- @param min_amount DOUBLE
-- @param lim BIGINT
-- @param off BIGINT
SELECT t.tx_hash, t.block_number, t."timestamp", t.log_index, t.batch_index, t.token_standard, t.event_type,
       t.contract_address, t.from_address, t.to_address, t.operator_address, t.token_id, t.amount_raw,
       'SUCCESS' AS contract_ret, false AS revert, t.block_number <= solid_block() AS confirmed
FROM token_transfers t
WHERE t.token_standard = 'trc1155'
  AND ($start_day IS NULL OR t."date" >= $start_day) AND ($end_day IS NULL OR t."date" <= $end_day)
  AND ($start_ts IS NULL OR t."timestamp" >= $start_ts) AND ($end_ts IS NULL OR t."timestamp" <= $end_ts)
  AND ($contract IS NULL OR t.contract_address = $contract)
  AND ($block IS NULL OR t.block_number = $block)
  AND ($min_block IS NULL OR t.block_number >= $min_block) AND ($max_block IS NULL OR t.block_number <= $max_block)
  AND ($min_amount IS NULL OR t.amount >= $min_amount)
ORDER BY {{order_by}}
LIMIT $lim OFFSET $off;
