-- One token's amount moved per UTC day of [$start_day, $end_day] (daily_token_activity, exact) with the token's
-- decimals and its USD closing price of that day (NULL when the lake has none): the endpoint values the day in USD.
-- @param token_id VARCHAR
-- @param start_day VARCHAR
-- @param end_day VARCHAR
SELECT a.day, a.amount_raw, a.transfer_count, p.price_usd,
       CASE WHEN a.token_id = '_' THEN 6 ELSE (SELECT max(t.decimals) FROM tokens t WHERE t.token_id = a.token_id) END AS decimals
FROM daily_token_activity a
LEFT JOIN token_prices p ON p.token_id = a.token_id AND p.day = a.day
WHERE a.token_id = $token_id AND a.day BETWEEN $start_day AND $end_day
ORDER BY a.day;
