-- /api/deep/account/relatedAccount and /api/deep/account/transferAmount: one address's flows per counterparty, asset,
-- direction and UTC day within [start_ts, end_ts] (address_counterparty_daily, the range files holding the address),
-- with the asset's decimals and that day's USD close (token_day_prices, the price rule; empty when the lake has none).
-- The USD product is exact in code (bigint), summed per counterparty there, rounded once.
-- One row, its groups packed in one text (`counterparty,token_id,direction,day,times,amount_raw,decimals,price`, ';'
-- between groups; no field holds ',' or ';'): a busy address has tens of thousands of groups, and turning each cell
-- of a row into a JS value cost more than the query (default lake, 39.5k groups: 250-330 ms as rows, 50-60 ms packed).
-- @param start_ts BIGINT
-- @param end_ts BIGINT
-- @param related VARCHAR
-- @param token VARCHAR
WITH f AS (
  SELECT f.counterparty, f.token_id, f.direction, f."day", sum(f.transfer_count) AS times,
         sum(CAST(f.amount_raw AS HUGEINT)) AS amount
  FROM {{> fragments/address-copy address_counterparty_daily f}}
  WHERE f.address = $address AND f.bucket = address_bucket($address)
    AND f."timestamp" >= $start_ts AND f."timestamp" <= $end_ts
    AND ($related IS NULL OR f.counterparty = $related) AND ($token IS NULL OR f.token_id = $token)
  GROUP BY f.counterparty, f.token_id, f.direction, f."day"
)
SELECT count(*) AS groups,
       string_agg(concat(f.counterparty, ',', f.token_id, ',', f.direction, ',', f."day", ',', CAST(f.times AS VARCHAR), ',',
                         CAST(f.amount AS VARCHAR), ',', coalesce(CAST(CASE WHEN f.token_id = '_' THEN 6 ELSE t.decimals END AS VARCHAR), ''), ',',
                         coalesce(CAST(p.price AS VARCHAR), '')), ';') AS packed
FROM f
LEFT JOIN tokens t ON t.token_id = f.token_id
LEFT JOIN token_day_prices p ON p.token_id = f.token_id AND p.day = f."day"
