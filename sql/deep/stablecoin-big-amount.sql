-- /api/deep/stableCoin/bigAmount: the stablecoin Transfers (classified_transfers, sorted by time: the window's row
-- groups) within [start_ts, end_ts] of the asked contracts, typed: the transaction's protocol type (3-9), else 2 when
-- the asked address sent it to another, else 1 (received; also a self-transfer and every plain transfer when no
-- address is asked, which `types` 1 or 2 both select: docs/compat.md "Big transfers (issue 34)"). decimals come from
-- the registry ($decimals beside $tokens); USD by the price rule (token_day_prices, that day's close). The amount bounds
-- are exact: `amount_key` = the amount at 18 decimals as integer text, compared by length then digits with the bounds
-- brought to 18 decimals in code; the USD sort reads the DOUBLE helper `usd_sort` (NULL unpriced: out of any USD bound); the
-- USD bounds are exact: `usd_sort` pre-filters with a margin ($min_usd_lo, $max_usd_hi), `n_near` counts the rows
-- within the margin of a bound, which code reads ($near_only), decides exactly and cuts ($excluded chain keys).
-- The count rides on the page (count(*) OVER ()).
-- @param start_ts BIGINT
-- @param end_ts BIGINT
-- @param tokens VARCHAR[]
-- @param decimals INTEGER[]
-- @param address VARCHAR
-- @param related VARCHAR
-- @param types INTEGER[]
-- @param lim BIGINT
WITH picked AS (
  SELECT c.block_number, c."timestamp", c.tx_hash, c.tx_index, c.log_index, c.contract_address, c.from_address,
         c.to_address, c.amount_raw, c.protocol_type,
         $decimals[list_position($tokens, c.contract_address)] AS decimals,
         CASE WHEN c.protocol_type > 0 THEN c.protocol_type
              WHEN c.from_address = $address AND c.to_address <> $address THEN 2 ELSE 1 END AS type_code,
         ($address IS NULL OR (c.from_address = $address AND c.to_address = $address)) AS either_way
  FROM classified_transfers c
  WHERE c."timestamp" >= $start_ts AND c."timestamp" <= $end_ts
    AND list_contains($tokens, c.contract_address)
    AND ($address IS NULL OR c.from_address = $address OR c.to_address = $address)
    AND ($related IS NULL OR CASE WHEN $address IS NULL THEN c.from_address = $related OR c.to_address = $related
                                  ELSE (c.from_address = $related AND c.to_address = $address) OR (c.to_address = $related AND c.from_address = $address) END)
),
typed AS (
  SELECT p.*, p.amount_raw || repeat('0', 18 - p.decimals) AS amount_key, pr.price,
         CAST(p.amount_raw AS DOUBLE) / pow(10, p.decimals) * CAST(pr.price AS DOUBLE) AS usd_sort
  FROM picked p
  LEFT JOIN token_day_prices pr ON pr.token_id = p.contract_address AND pr.day = strftime(epoch_ms(p."timestamp"), '%Y-%m-%d')
  WHERE (list_contains($types, 0) OR list_contains($types, p.type_code) OR (p.protocol_type = 0 AND p.either_way AND list_contains($types, 2)))
)
SELECT tx_hash, "timestamp", block_number, tx_index, log_index, contract_address, from_address, to_address, amount_raw,
       decimals, price, type_code, count(*) OVER () AS n_rows,
       count(CASE WHEN usd_sort < $min_usd_hi OR usd_sort > $max_usd_lo THEN 1 END) OVER () AS n_near
FROM typed
WHERE {{> fragments/big-amount-bounds}}
ORDER BY {{order_by}}
LIMIT $lim
