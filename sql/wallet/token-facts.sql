-- What the holdings views show of a token beside a position (src/endpoints/shapes/holdings.ts): its metadata (tokens),
-- latest daily price (USD and TRX per whole token, latest_prices: the price rule's latest day; NULL without one) and its holders and transfers (token_stats), for
-- the tokens $ids, or every token when NULL (read once per version, ctx.versionRows). One row per token of either
-- table: token_stats is keyed by (token_id, token_standard), tokens and prices by token_id.
-- @param ids VARCHAR[]
WITH t AS (SELECT * FROM tokens WHERE $ids IS NULL OR token_id IN (SELECT unnest($ids))),
s AS (
  SELECT token_id, token_standard, holder_count, transfer_count FROM token_stats
  WHERE $ids IS NULL OR token_id IN (SELECT unnest($ids))
),
p AS (
  SELECT token_id, usd AS price_usd, trx AS price_trx
  FROM latest_prices WHERE $ids IS NULL OR token_id IN (SELECT unnest($ids))
),
k AS (SELECT token_id, token_standard FROM t UNION SELECT token_id, token_standard FROM s)
SELECT k.token_id, k.token_standard, t.token_id IS NOT NULL AS in_tokens, t.name, t.symbol, t.decimals, t.issuer_address,
       t.logo_url, t.level, t.vip, t.can_show, t.project_name, p.price_usd, p.price_trx,
       s.token_id IS NOT NULL AS has_stats, s.holder_count, s.transfer_count,
       -- the token's whole life's transfers only when it was created inside the lake (sql/macros/began_in_window.sql)
       CASE WHEN began_in_window(t.created_ts) THEN s.transfer_count END AS lifetime_transfers
FROM k
LEFT JOIN t ON t.token_id = k.token_id
LEFT JOIN s ON s.token_id = k.token_id AND s.token_standard = k.token_standard
LEFT JOIN p ON p.token_id = k.token_id
