-- /api/token_trc1155/transfers without an address filter: TRC1155 TransferSingle / TransferBatch items, newest first by default
-- (SPEC §4.7, reference §3.4). State: 2 reverted (its transaction's contract_ret <> 'SUCCESS'), else 1 unconfirmed
-- (block above chain_state.solid_block), else 0 confirmed; $confirm keeps the listed states (NULL = all).
-- The page is cut first, then joined to its transactions for contract_ret (a handful of rows).
-- @param contract VARCHAR
-- @param block BIGINT
-- @param start_ts BIGINT
-- @param end_ts BIGINT
-- @param confirm INTEGER[]
-- @param min_amount DOUBLE
-- @param lim BIGINT
-- @param off BIGINT
WITH failed AS (
  SELECT tx_hash FROM transactions
  WHERE $confirm IS NOT NULL AND contract_ret <> 'SUCCESS' AND "timestamp" BETWEEN $start_ts AND $end_ts
),
page AS (
  SELECT t.tx_hash, t.block_number, t."timestamp", t.log_index, t.batch_index, t.token_standard, t.event_type,
         t.contract_address, t.from_address, t.to_address, t.operator_address, t.token_id, t.amount_raw
  FROM token_transfers t
  WHERE t.token_standard = 'trc1155'
    AND t."timestamp" BETWEEN $start_ts AND $end_ts
    AND ($contract IS NULL OR t.contract_address = $contract)
    AND ($block IS NULL OR t.block_number = $block)
    AND ($min_amount IS NULL OR t.amount >= $min_amount)
    AND ($confirm IS NULL OR list_contains($confirm, CASE
          WHEN t.tx_hash IN (SELECT tx_hash FROM failed) THEN 2
          WHEN t.block_number > (SELECT solid_block FROM chain_state) THEN 1 ELSE 0 END))
  ORDER BY {{order_by}}
  LIMIT $lim OFFSET $off
)
SELECT * FROM (
  SELECT p.*, coalesce(x.contract_ret, 'SUCCESS') AS contract_ret, coalesce(x.contract_ret, 'SUCCESS') <> 'SUCCESS' AS revert,
         p.block_number <= (SELECT solid_block FROM chain_state) AS confirmed
  FROM page p
  LEFT JOIN transactions x ON x.block_number = p.block_number AND x.tx_hash = p.tx_hash
)
ORDER BY {{order_by}};
