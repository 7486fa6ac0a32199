-- /api/transfer/trx (SPEC §4.5, reference §4): $address's TRX transfers (TransferContract, type 1) from the copy
-- clustered by address, sides $dirs ('in' | 'out' | 'self'; NULL = all); with $fee, also one row per transaction
-- $address sent that burned TRX (to '', amount = its fee in sun), ranked after the transfer of the same
-- transaction. $db_version 0 leaves out a transfer with an empty sender or receiver. Materialized before the sort:
-- most addresses have a few rows, and a top-N's late materialization re-reads the big by-address file.
-- @total
-- @param address VARCHAR
-- @param dirs VARCHAR[]
-- @param fee BOOLEAN
-- @param db_version INTEGER
-- @param lim BIGINT
-- @param off BIGINT
WITH hits AS MATERIALIZED (
  SELECT t.tx_hash, t.block_number, t."timestamp", t.tx_index, 0 AS rank, t.contract_type, t.owner_address AS from_address,
         t.to_address, CAST(t.amount AS VARCHAR) AS amount, t.contract_ret, is_confirmed(t.block_number) AS confirmed
  FROM {{> fragments/address-copy address_transactions t}}
  WHERE {{> fragments/wallet-rows t owner_address to_address}}
    AND t.contract_type = 1
  UNION ALL
  SELECT t.tx_hash, t.block_number, t."timestamp", t.tx_index, 1 AS rank, t.contract_type, t.owner_address AS from_address,
         '' AS to_address, CAST(t.fee AS VARCHAR) AS amount, t.contract_ret, is_confirmed(t.block_number) AS confirmed
  FROM {{> fragments/address-copy address_transactions t}}
  WHERE $fee
    AND {{> fragments/address-rows t}}
    AND t.direction IN ('out', 'self')
    AND ($dirs IS NULL OR list_contains($dirs, 'out'))
    AND {{> fragments/time-window t}}
    AND t.fee > 0
)
SELECT * FROM hits
ORDER BY {{order_by}}
LIMIT $lim OFFSET $off;
