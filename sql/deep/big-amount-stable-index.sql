-- bigAmount's kept index of classified_transfers (src/endpoints/shapes/big-amount-stable-index.ts), read once per
-- served version: every row in chain order (the order of its key file) with what a list without an address filters
-- and sorts on, and its place in the two value orders of deep/stablecoin-big-amount (ascending, ties in chain order):
-- `usd_rank` by the DOUBLE helper usd_sort (the template's expression: raw as DOUBLE ÷ 10^decimals × that day's close
-- as DOUBLE, unpriced last), `amount_rank` by the amount at 18 decimals as integer text, by length then digits (exact).
-- `amount_double` (that text as DOUBLE) only pre-filters amount bounds: monotone in the text's order for a nonzero
-- amount, so a bound's double decides every row but one whose double equals it, which code decides exactly.
-- `raw_double`: the raw amount as DOUBLE, exact below 2^53 (USDT's and USDC's amounts), so a row at a bound is
-- decided without reading its row.
-- `token_position`: the row's contract in $tokens, 1-based (0 for a contract not asked: never selected).
-- @param tokens VARCHAR[]
-- @param decimals INTEGER[]
WITH c AS (
  SELECT "timestamp", block_number, tx_index, log_index, contract_address, protocol_type, amount_raw,
         coalesce(list_position($tokens, contract_address), 0) AS token_position,
         coalesce($decimals[list_position($tokens, contract_address)], 18) AS decimals
  FROM classified_transfers
),
k AS (
  SELECT c.*, c.amount_raw || repeat('0', 18 - c.decimals) AS amount_key,
         CAST(c.amount_raw AS DOUBLE) / pow(10, c.decimals) * CAST(pr.price AS DOUBLE) AS usd_sort
  FROM c
  LEFT JOIN token_day_prices pr ON pr.token_id = c.contract_address AND pr.day = strftime(epoch_ms(c."timestamp"), '%Y-%m-%d')
)
SELECT "timestamp", token_position, protocol_type, usd_sort, CAST(amount_key AS DOUBLE) AS amount_double,
       CAST(amount_raw AS DOUBLE) AS raw_double,
       row_number() OVER (ORDER BY usd_sort ASC NULLS LAST, "timestamp", block_number, tx_index, log_index) - 1 AS usd_rank,
       row_number() OVER (ORDER BY length(amount_key), amount_key, "timestamp", block_number, tx_index, log_index) - 1 AS amount_rank
FROM k
ORDER BY "timestamp", block_number, tx_index, log_index
