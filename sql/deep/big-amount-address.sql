-- One address's Transfers of the asked TRC20 contracts within [start_ts, end_ts], typed: /api/deep/stableCoin/bigAmount
-- with an `address` (the stablecoins) and /api/deep/account/token/bigAmount (one token), when the address has too many
-- rows in the window for its key files (big-amount-keyed.ts). Read from the range files of address_token_transfers
-- holding the address (a few small files; once per transfer: a self-transfer is one row; its TRC20 rows are those of
-- address_trc20_transfers, whose runs are key files alone) instead of the window's row
-- groups of classified_transfers (every stablecoin transfer of the window: 330-580 ms on the default lake). The
-- protocol type is classified_transfers' own rule: defi_transaction_types of the transaction (joined over the window),
-- 0 when none; then 2 when the address sent it to another, else 1 (docs/compat.md "Big transfers (issue 34)").
-- decimals from code ($decimals beside $tokens: the registry's, or the tokens dimension's); USD by the price rule.
-- Amount bounds exact: `amount_key` = the amount at $key_decimals as integer text (18 across the stablecoins, the
-- token's own for one token: the raw amount), compared by length then digits with bounds brought to the same scale in
-- code. USD bounds exact: `usd_sort` (DOUBLE) pre-filters with a margin ($min_usd_lo, $max_usd_hi), `n_near` counts the
-- rows within the margin of a bound, which code reads ($near_only), decides exactly and cuts ($excluded chain keys).
-- The count rides on the page (count(*) OVER ()).
-- @param start_ts BIGINT
-- @param end_ts BIGINT
-- @param tokens VARCHAR[]
-- @param decimals INTEGER[]
-- @param key_decimals INTEGER
-- @param related VARCHAR
-- @param types INTEGER[]
-- @param lim BIGINT
WITH moves AS (
  SELECT a.block_number, a."timestamp", a.tx_hash, a.tx_index, a.log_index, a.contract_address, a.from_address,
         a.to_address, a.amount_raw, $decimals[list_position($tokens, a.contract_address)] AS decimals
  FROM {{> fragments/address-copy address_token_transfers a}}
  WHERE a.address = $address AND a.bucket = address_bucket($address)
    AND list_contains($tokens, a.contract_address) AND a.token_standard = 'trc20'
    AND a."timestamp" >= $start_ts AND a."timestamp" <= $end_ts
    AND ($related IS NULL OR (a.from_address = $related AND a.to_address = $address) OR (a.to_address = $related AND a.from_address = $address))
),
kinds AS (
  SELECT block_number, tx_index, type_code FROM defi_transaction_types
  WHERE "timestamp" >= $start_ts AND "timestamp" <= $end_ts
),
typed AS (
  SELECT m.*, coalesce(k.type_code, 0) AS protocol_type,
         CASE WHEN k.type_code IS NOT NULL THEN k.type_code
              WHEN m.from_address = $address AND m.to_address <> $address THEN 2 ELSE 1 END AS type_code,
         m.from_address = $address AND m.to_address = $address AS either_way,
         m.amount_raw || repeat('0', $key_decimals - m.decimals) AS amount_key, pr.price,
         CAST(m.amount_raw AS DOUBLE) / pow(10, m.decimals) * CAST(pr.price AS DOUBLE) AS usd_sort
  FROM moves m
  LEFT JOIN kinds k ON k.block_number = m.block_number AND k.tx_index = m.tx_index
  LEFT JOIN token_day_prices pr ON pr.token_id = m.contract_address AND pr.day = strftime(epoch_ms(m."timestamp"), '%Y-%m-%d')
)
SELECT tx_hash, "timestamp", block_number, tx_index, log_index, contract_address, from_address, to_address, amount_raw,
       decimals, price, type_code, count(*) OVER () AS n_rows,
       count(CASE WHEN usd_sort < $min_usd_hi OR usd_sort > $max_usd_lo THEN 1 END) OVER () AS n_near
FROM typed
WHERE (list_contains($types, 0) OR list_contains($types, type_code) OR (protocol_type = 0 AND either_way AND list_contains($types, 2)))
  AND {{> fragments/big-amount-bounds}}
ORDER BY {{order_by}}
LIMIT $lim
