-- /api/transfer/trc20 (SPEC §4.5, reference §4): $address's Transfer logs of TRC20 token $contract from the copy
-- clustered by address, sides $dirs ('in' | 'out' | 'self'; NULL = all). token_transfers holds only the logs of
-- successful transactions, so contract_ret is SUCCESS without a join. $db_version 0 leaves out a transfer with an
-- empty sender or receiver. Materialized before the sort (see wallet/transfer-trx).
-- @total
-- @param address VARCHAR
-- @param dirs VARCHAR[]
-- @param contract VARCHAR
-- @param db_version INTEGER
-- @param lim BIGINT
-- @param off BIGINT
WITH hits AS MATERIALIZED (
  SELECT t.tx_hash, t.block_number, t."timestamp", t.tx_index, t.log_index, 31 AS contract_type, t.contract_address,
         t.event_type, t.from_address, t.to_address, t.amount_raw AS amount, 'SUCCESS' AS contract_ret,
         is_confirmed(t.block_number) AS confirmed
  FROM {{> fragments/address-copy address_token_transfers t}}
  WHERE {{> fragments/wallet-rows t from_address to_address}}
    AND t.token_standard = 'trc20'
    AND t.contract_address = $contract
)
SELECT * FROM hits
ORDER BY {{order_by}}
LIMIT $lim OFFSET $off;
