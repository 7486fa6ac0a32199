-- /api/tokenTvc's tvcLine: per UTC day of the window, each token with an exact supply (token_stats, now) and a USD
-- price that day by the one price rule (sql/serving/token_day_prices.sql); TRX left out. Bounded by days × priced tokens.
-- @param start_day VARCHAR
-- @param end_day VARCHAR
SELECT p.day, p.token_id, p.price, t.decimals, s.supply_raw
FROM token_day_prices p
JOIN tokens t ON t.token_id = p.token_id
JOIN token_stats s ON s.token_id = t.token_id AND s.token_standard = t.token_standard
WHERE p.token_id <> '_' AND p.day >= $start_day AND p.day <= $end_day AND s.supply_raw IS NOT NULL
ORDER BY p.day, p.token_id
