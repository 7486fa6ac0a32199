-- /api/internal-transaction: rows matching the same filters (rangeTotal).
-- @param address VARCHAR
-- @param block BIGINT
-- @param contract VARCHAR
-- @param start_ts BIGINT
-- @param end_ts BIGINT
-- @param start_day VARCHAR
-- @param end_day VARCHAR
-- @param confirm INTEGER[]
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
)
SELECT count(*) AS n
FROM internal_transactions i
WHERE ($start_day IS NULL OR i."date" >= $start_day) AND ($end_day IS NULL OR i."date" <= $end_day)
  AND ($start_ts IS NULL OR i."timestamp" >= $start_ts) AND ($end_ts IS NULL OR i."timestamp" <= $end_ts)
  AND ($address IS NULL OR i.caller_address = $address OR i.to_address = $address)
  AND ($block IS NULL OR i.block_number = $block)
  AND ($contract IS NULL OR i.tx_hash IN (SELECT tx_hash FROM parents))
  AND ($confirm IS NULL OR list_contains($confirm, CASE
        WHEN i.tx_hash IN (SELECT tx_hash FROM failed) THEN 2
        WHEN i.block_number > solid_block() THEN 1 ELSE 0 END));
