-- Token listing metadata and daily prices (token_prices). Deterministic: every draw is a hash of (seed, key, salt).
-- Listing status follows the trust level: OK / VIP tokens are whitelisted, UNSAFE ones blacklisted.
UPDATE tokens SET
  project_name = CASE WHEN level BETWEEN 1 AND 2 THEN name ELSE '' END,
  project_id = CASE WHEN level BETWEEN 1 AND 2 THEN 1000 + (mix(hash('project:' || {{seed}}), token_id) % 9000)::INTEGER ELSE 0 END,
  home_page = CASE WHEN level BETWEEN 1 AND 2 THEN 'https://' || lower(regexp_replace(symbol, '[^A-Za-z0-9]', '', 'g')) || '.io' ELSE '' END,
  description = name || ' (' || symbol || '), a ' || upper(token_standard) || ' token on TRON',
  aggregators = CASE WHEN level = 2 AND vip THEN '["CoinGecko","CoinMarketCap","Binance"]'
                     WHEN level = 2 THEN '["CoinGecko"]'
                     WHEN level = 1 AND token_standard = 'trc20' THEN '["SunSwap"]'
                     ELSE '[]' END,
  list_status = CASE WHEN level >= 4 THEN 'blacklist' WHEN level = 2 OR vip THEN 'whitelist' ELSE 'none' END;

-- Base USD prices (reference.ts PRICE_BASES) of the priced tokens; TRX is '_'. Pegged tokens move ±0.2 %, others ±4 %.
CREATE OR REPLACE TABLE g_price_base AS
SELECT t.token_id, b.usd, b.pegged
FROM (VALUES {{price_bases}}) b(symbol, usd, pegged)
JOIN tokens t ON t.symbol = b.symbol AND t.level = 2
UNION ALL SELECT '_', {{trx_price_usd}}, false;

CREATE OR REPLACE TABLE g_days AS
SELECT d AS day_i, {{window_start_ts}} + d * 86400000 AS day_ts FROM range(0, ({{window_span_ms}} // 86400000)::BIGINT) r(d)
WHERE {{window_start_ts}} + d * 86400000 < {{end_ts}};

CREATE OR REPLACE TABLE g_usd AS
SELECT b.token_id, g.day_ts,
       usd_day(b.token_id, b.usd, CASE WHEN b.pegged THEN 0.004 ELSE 0.08 END, g.day_i) AS usd,
       b.usd * 2.0e8 * (0.5 + uf(mix(hash('volume:' || {{seed}}), b.token_id), g.day_i)) / CASE WHEN b.token_id = '_' THEN 1 ELSE 40 END AS volume_usd
FROM g_price_base b CROSS JOIN g_days g;

INSERT INTO token_prices BY NAME
SELECT p.token_id, strftime(epoch_ms(p.day_ts), '%Y-%m-%d') AS day, p.day_ts, p.usd AS price_usd,
       CASE WHEN p.token_id = '_' THEN 1.0 ELSE p.usd / x.usd END AS price_trx, p.volume_usd
FROM g_usd p JOIN g_usd x ON x.token_id = '_' AND x.day_ts = p.day_ts;
