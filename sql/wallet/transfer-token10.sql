-- /api/transfer/token10 (SPEC §4.5, reference §4): $address's transfers of TRC10 token $token_id
-- (TransferAssetContract, type 2) from the copy clustered by address, sides $dirs ('in' | 'out' | 'self'; NULL =
-- all). $db_version 0 leaves out a transfer with an empty sender or receiver. Materialized before the sort (see
-- wallet/transfer-trx).
-- @total
-- @param address VARCHAR
-- @param dirs VARCHAR[]
-- @param token_id VARCHAR
-- @param db_version INTEGER
-- @param lim BIGINT
-- @param off BIGINT
WITH hits AS MATERIALIZED (
  SELECT t.tx_hash, t.block_number, t."timestamp", t.tx_index, t.contract_type, t.token_id, t.owner_address AS from_address,
         t.to_address, CAST(t.amount AS VARCHAR) AS amount, t.contract_ret, is_confirmed(t.block_number) AS confirmed
  FROM {{> fragments/address-copy address_transactions t}}
  WHERE {{> fragments/wallet-rows t owner_address to_address}}
    AND t.contract_type = 2
    AND t.token_id = $token_id
)
SELECT * FROM hits
ORDER BY {{order_by}}
LIMIT $lim OFFSET $off;
