-- /api/internal-transaction: number of rows matching the same filters (rangeTotal).
-- @param address VARCHAR
-- @param block BIGINT
-- @param contract VARCHAR
-- @param start_ts BIGINT
-- @param end_ts BIGINT
-- @param confirm INTEGER[]
WITH failed AS (
  SELECT tx_hash FROM transactions
  WHERE $confirm IS NOT NULL AND contract_ret <> 'SUCCESS' AND "timestamp" BETWEEN $start_ts AND $end_ts
)
SELECT count(*) AS n
FROM internal_transactions i
WHERE i."timestamp" BETWEEN $start_ts AND $end_ts
  AND ($address IS NULL OR i.caller_address = $address OR i.to_address = $address)
  AND ($block IS NULL OR i.block_number = $block)
  AND ($contract IS NULL OR i.tx_hash IN (
        SELECT tx_hash FROM transactions WHERE contract_address = $contract AND "timestamp" BETWEEN $start_ts AND $end_ts))
  AND ($confirm IS NULL OR list_contains($confirm, CASE
        WHEN i.tx_hash IN (SELECT tx_hash FROM failed) THEN 2
        WHEN i.block_number > solid_block() THEN 1 ELSE 0 END));
