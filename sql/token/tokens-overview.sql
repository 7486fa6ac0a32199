-- /api/tokens/overview: every token plus the TRX row, with prices, market cap (in TRX), 24 h gain and volume, and
-- the derived counters. $standards keeps token types (NULL = all); $top_only keeps the pinned (VIP) rows;
-- $include_auto = false drops tokens listed automatically (neither whitelisted nor blacklisted).
-- Pinned rows come first (TRX, then VIP tokens), then {{order_by}} (a constant of the endpoint's whitelist).
-- The TRX row's transfer counters come from tokens/trx-transfers (successful TRX transfers).
-- @total
-- @param standards VARCHAR[]
-- @param top_only BOOLEAN
-- @param include_auto BOOLEAN
-- @param lim BIGINT
-- @param off BIGINT
WITH rows AS (
  SELECT t.token_id, t.token_standard, t.name, t.symbol, t.decimals, t.issuer_address, t.logo_url, t.level, t.vip,
         t.can_show, t.created_ts, t.home_page, t.description, t.list_status, s.holder_count, s.transfer_count,
         s.transfer_count_24h, s.supply_raw, s.supply / pow(10, t.decimals) AS supply, p.usd, p.trx, p.volume_trx,
         CASE WHEN p.prev_usd > 0 THEN (p.usd - p.prev_usd) / p.prev_usd END AS gain,
         s.supply / pow(10, t.decimals) * p.trx AS marketcap, t.vip AS is_top, CASE WHEN t.vip THEN 1 ELSE 0 END AS pin,
         CASE WHEN t.list_status IN ('whitelist', 'blacklist') THEN 'manual' ELSE 'auto' END AS verifier,
         -- the whole life's transfers only for a token created inside the lake (sql/macros/began_in_window.sql)
         CASE WHEN began_in_window(t.created_ts) THEN s.transfer_count END AS lifetime_transfers
  FROM tokens t
  JOIN token_stats s ON s.token_id = t.token_id AND s.token_standard = t.token_standard
  LEFT JOIN latest_prices p ON p.token_id = t.token_id
  UNION ALL
  SELECT '_', 'trc10', 'trx', 'TRX', 6, '-', 'https://static.tronscan.org/production/logo/trx.png', 2, true, 1, 1529891469000,
         'https://tron.network', 'The native coin of the TRON network', 'whitelist', 0, trx.trx_transfer_count,
         trx.trx_transfer_count_24h, NULL, NULL, p.usd, 1.0, p.volume_trx,
         CASE WHEN p.prev_usd > 0 THEN (p.usd - p.prev_usd) / p.prev_usd END, NULL, true, 2, 'manual',
         trx.trx_lifetime_transfers
  FROM ({{> token/trx-transfers}}) trx LEFT JOIN latest_prices p ON p.token_id = '_'
)
SELECT *, count(*) OVER () AS n
FROM rows
WHERE ($standards IS NULL OR list_contains($standards, token_standard))
  AND (NOT $top_only OR is_top)
  AND ($include_auto OR verifier <> 'auto')
ORDER BY pin DESC, {{order_by}}
LIMIT $lim OFFSET $off;
