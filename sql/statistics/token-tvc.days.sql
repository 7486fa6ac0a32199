-- /api/tokenTvc's rows, read once per version: every day a token with an exact supply (token_stats, now) has a USD
-- price by the one price rule (sql/serving/token_day_prices.sql), with TRX's price that day and the token's listing
-- and counters; TRX itself left out (its supply is not a token's). The endpoint cuts any window from them: the line is
-- the window's days, the token rows each token's latest day on or before the window's end. Bounded by the lake's days
-- × the priced tokens.
SELECT p.day, p.token_id, p.price, x.price AS trx_price, t.symbol, t.name, t.token_standard, t.decimals,
       s.supply_raw, s.holder_count, s.transfer_count
FROM token_day_prices p
JOIN tokens t ON t.token_id = p.token_id
JOIN token_stats s ON s.token_id = t.token_id AND s.token_standard = t.token_standard
LEFT JOIN token_day_prices x ON x.token_id = '_' AND x.day = p.day
WHERE p.token_id <> '_' AND s.supply_raw IS NOT NULL
ORDER BY p.token_id, p.day
