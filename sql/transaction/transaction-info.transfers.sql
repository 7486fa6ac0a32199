-- /api/transaction-info: the token transfers the transaction emitted; their token's name, symbol, decimals, logo,
-- level and vip come from the per-version token map (kit lookups.tokenInfo), not a join per request.
-- @param hash VARCHAR
-- @param block BIGINT
-- @param day VARCHAR
SELECT x.log_index, x.batch_index, x.token_standard, x.event_type, x.contract_address, x.from_address, x.to_address,
       x.token_id, x.amount_raw
FROM token_transfers x
WHERE x."date" = $day AND x.block_number = $block AND x.tx_hash = $hash
ORDER BY x.log_index, x.batch_index;
