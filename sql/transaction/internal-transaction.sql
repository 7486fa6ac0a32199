-- /api/internal-transaction: internal transactions (TVM sub-calls), newest first (SPEC §4.7, reference §3.6).
-- $address matches the caller or the callee; $contract the contract the top-level transaction called or created
-- (its transactions.contract_address: the by-address copy does not file calls under the called contract).
-- State of a row = its transaction's: 2 reverted (contract_ret <> 'SUCCESS'), else 1 unconfirmed, else 0 confirmed.
-- @param address VARCHAR
-- @param block BIGINT
-- @param contract VARCHAR
-- @param start_ts BIGINT
-- @param end_ts BIGINT
-- @param confirm INTEGER[]
-- @param lim BIGINT
-- @param off BIGINT
WITH failed AS (
  SELECT tx_hash FROM transactions
  WHERE $confirm IS NOT NULL AND contract_ret <> 'SUCCESS' AND "timestamp" BETWEEN $start_ts AND $end_ts
),
page AS (
  SELECT i.tx_hash, i.block_number, i."timestamp", i.internal_index, i.internal_hash, i.caller_address, i.to_address,
         i.token_id, i.call_value, i.note, i.rejected
  FROM internal_transactions i
  WHERE i."timestamp" BETWEEN $start_ts AND $end_ts
    AND ($address IS NULL OR i.caller_address = $address OR i.to_address = $address)
    AND ($block IS NULL OR i.block_number = $block)
    AND ($contract IS NULL OR i.tx_hash IN (
          SELECT tx_hash FROM transactions WHERE contract_address = $contract AND "timestamp" BETWEEN $start_ts AND $end_ts))
    AND ($confirm IS NULL OR list_contains($confirm, CASE
          WHEN i.tx_hash IN (SELECT tx_hash FROM failed) THEN 2
          WHEN i.block_number > solid_block() THEN 1 ELSE 0 END))
  ORDER BY {{order_by}}
  LIMIT $lim OFFSET $off
)
SELECT * FROM (
  SELECT p.*, coalesce(x.contract_ret, 'SUCCESS') AS contract_ret,
         p.block_number <= solid_block() AS confirmed
  FROM page p
  LEFT JOIN transactions x ON x.block_number = p.block_number AND x.tx_hash = p.tx_hash
)
ORDER BY {{order_by}};
