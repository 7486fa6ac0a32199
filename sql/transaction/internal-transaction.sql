-- /api/internal-transaction: internal transactions (TVM sub-calls), newest first (SPEC §4.7, reference §3.6).
-- $address matches the caller or the callee; $contract the contract the top-level transaction called or created
-- (its transactions.contract_address: the by-address copy does not file calls under the called contract).
-- A row's state is its transaction's: 2 reverted (contract_ret <> 'SUCCESS'), else 1 unconfirmed above
-- solid_block(), else 0 confirmed. Time bounds are NULL when they do not cut the lake; the handler searches the page
-- in growing windows (http/time-window.ts) and the page's transactions are read in the same window.
-- @param address VARCHAR
-- @param block BIGINT
-- @param contract VARCHAR
-- @param start_ts BIGINT
-- @param end_ts BIGINT
-- @param start_day VARCHAR
-- @param end_day VARCHAR
-- @param confirm INTEGER[]
-- @param lim BIGINT
-- @param off BIGINT
WITH failed AS (
  -- Transactions that failed and produced internal transactions: the only ones whose rows are state 2.
  SELECT x.tx_hash FROM transactions x
  WHERE $confirm IS NOT NULL AND x.contract_ret <> 'SUCCESS' AND x.internal_count > 0
    AND ($start_day IS NULL OR x."date" >= $start_day) AND ($end_day IS NULL OR x."date" <= $end_day)
    AND ($start_ts IS NULL OR x."timestamp" >= $start_ts) AND ($end_ts IS NULL OR x."timestamp" <= $end_ts)
),
parents AS (
  SELECT x.tx_hash FROM transactions x
  WHERE $contract IS NOT NULL AND x.contract_address = $contract
    AND ($start_day IS NULL OR x."date" >= $start_day) AND ($end_day IS NULL OR x."date" <= $end_day)
    AND ($start_ts IS NULL OR x."timestamp" >= $start_ts) AND ($end_ts IS NULL OR x."timestamp" <= $end_ts)
),
page AS (
  SELECT i.tx_hash, i.block_number, i."timestamp", i.internal_index, i.internal_hash, i.caller_address, i.to_address,
         i.token_id, i.call_value, i.note, i.rejected
  FROM internal_transactions i
  WHERE ($start_day IS NULL OR i."date" >= $start_day) AND ($end_day IS NULL OR i."date" <= $end_day)
    AND ($start_ts IS NULL OR i."timestamp" >= $start_ts) AND ($end_ts IS NULL OR i."timestamp" <= $end_ts)
    AND ($address IS NULL OR i.caller_address = $address OR i.to_address = $address)
    AND ($block IS NULL OR i.block_number = $block)
    AND ($contract IS NULL OR i.tx_hash IN (SELECT tx_hash FROM parents))
    AND ($confirm IS NULL OR list_contains($confirm, CASE
          WHEN i.tx_hash IN (SELECT tx_hash FROM failed) THEN 2
          WHEN i.block_number > solid_block() THEN 1 ELSE 0 END))
  ORDER BY {{order_by}}
  LIMIT $lim OFFSET $off
)
SELECT * FROM (
  SELECT p.*, coalesce(x.contract_ret, 'SUCCESS') AS contract_ret, p.block_number <= solid_block() AS confirmed
  FROM page p
  LEFT JOIN (
    SELECT x.block_number, x.tx_hash, x.contract_ret FROM transactions x
    WHERE ($start_day IS NULL OR x."date" >= $start_day) AND ($end_day IS NULL OR x."date" <= $end_day)
    AND ($start_ts IS NULL OR x."timestamp" >= $start_ts) AND ($end_ts IS NULL OR x."timestamp" <= $end_ts)
  ) x ON x.block_number = p.block_number AND x.tx_hash = p.tx_hash
)
ORDER BY {{order_by}};
