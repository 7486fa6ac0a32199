-- /api/token_trc20: TRC20 / TRC721 / TRC1155 tokens (one contract, or all) with the derived counters and the latest
-- two daily prices; $show_all: 0 whitelist only, 1 all, 2 all but the blacklist (NULL = no listing filter).
-- @param lim BIGINT
-- @param off BIGINT
WITH pr AS (
  SELECT p.token_id, p.price_usd, p.price_trx, p.volume_usd, x.price_usd AS trx_usd,
         row_number() OVER (PARTITION BY p.token_id ORDER BY p.day_ts DESC) AS rn
  FROM token_prices p JOIN token_prices x ON x.token_id = '_' AND x.day_ts = p.day_ts
),
price AS (
  SELECT token_id, max(price_usd) FILTER (WHERE rn = 1) AS usd, max(price_trx) FILTER (WHERE rn = 1) AS trx,
         max(price_usd) FILTER (WHERE rn = 2) AS prev_usd, max(volume_usd) FILTER (WHERE rn = 1) AS volume_usd,
         max(volume_usd / trx_usd) FILTER (WHERE rn = 1) AS volume_trx
  FROM pr WHERE rn <= 2 GROUP BY token_id
)
SELECT t.token_id, t.token_standard, t.name, t.symbol, t.decimals, t.issuer_address, t.logo_url, t.level, t.vip,
       t.created_ts, t.home_page, t.description, c.name AS contract_name, s.holder_count, s.transfer_count,
       s.transfer_count_24h, s.supply_raw, p.usd, p.trx, p.prev_usd, p.volume_usd, p.volume_trx
FROM tokens t
JOIN token_stats s ON s.token_id = t.token_id AND s.token_standard = t.token_standard
LEFT JOIN contracts c ON c.address = t.token_id
LEFT JOIN price p ON p.token_id = t.token_id
WHERE {{> tokens/token-trc20.where t}}
ORDER BY s.holder_count DESC, t.token_id
LIMIT $lim OFFSET $off;
