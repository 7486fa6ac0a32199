-- Per token its latest daily USD and TRX price (usd, trx), the day before's USD price (prev_usd, for the 24 h gain),
-- and the latest volume in USD and in TRX at that day's TRX price (volume_usd, volume_trx). Read by the token lists.
WITH pr AS (
  SELECT p.token_id, p.price_usd, p.price_trx, p.volume_usd, x.price_usd AS trx_usd,
         row_number() OVER (PARTITION BY p.token_id ORDER BY p.day_ts DESC) AS rn
  FROM token_prices p JOIN token_prices x ON x.token_id = '_' AND x.day_ts = p.day_ts
)
SELECT token_id, max(price_usd) FILTER (WHERE rn = 1) AS usd, max(price_trx) FILTER (WHERE rn = 1) AS trx,
       max(price_usd) FILTER (WHERE rn = 2) AS prev_usd, max(volume_usd) FILTER (WHERE rn = 1) AS volume_usd,
       max(volume_usd / trx_usd) FILTER (WHERE rn = 1) AS volume_trx
FROM pr WHERE rn <= 2 GROUP BY token_id;
