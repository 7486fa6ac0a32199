-- /api/transaction-info: the token transfers the transaction emitted, with token metadata.
-- @param hash VARCHAR
-- @param block BIGINT
-- @param day VARCHAR
SELECT x.log_index, x.batch_index, x.token_standard, x.event_type, x.contract_address, x.from_address, x.to_address,
       x.token_id, x.amount_raw, k.name, k.symbol, k.decimals, k.logo_url, k.level, k.vip
FROM token_transfers x
LEFT JOIN tokens k ON k.token_id = x.contract_address
WHERE x."date" = $day AND x.block_number = $block AND x.tx_hash = $hash
ORDER BY x.log_index, x.batch_index;
