-- /api/stableCoin/holder/change `latest`: each stablecoin contract's holders at the end of the lake's last day (its
-- newest daily_token_holders row).
-- @param contracts VARCHAR[]
SELECT token_id, arg_max(holder_count, day) AS holder_count
FROM daily_token_holders
WHERE token_id IN (SELECT unnest($contracts))
GROUP BY token_id;
