-- /api/tokenTvc's token rows: every token with an exact supply (token_stats) and a USD price on or before $end_day by
-- the one price rule (sql/serving/token_day_prices.sql), its latest such price and TRX's price that day; TRX itself is
-- left out (its supply is not a token's). Bounded by the priced tokens.
-- @param end_day VARCHAR
WITH latest AS (
  SELECT token_id, max(day) AS day, arg_max(price, day) AS price
  FROM token_day_prices WHERE token_id <> '_' AND day <= $end_day
  GROUP BY token_id
)
SELECT l.token_id, l.day, l.price, x.price AS trx_price, t.symbol, t.name, t.token_standard, t.decimals,
       s.supply_raw, s.holder_count, s.transfer_count
FROM latest l
JOIN tokens t ON t.token_id = l.token_id
JOIN token_stats s ON s.token_id = t.token_id AND s.token_standard = t.token_standard
LEFT JOIN token_day_prices x ON x.token_id = '_' AND x.day = l.day
WHERE s.supply_raw IS NOT NULL
ORDER BY l.token_id
