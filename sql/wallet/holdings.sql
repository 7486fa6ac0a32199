-- The token positions of $address (token_holdings_by_holder, clustered by holder) with their metadata, latest
-- daily price (USD and TRX per whole token; NULL without a price) and the token's holders and transfers (token_stats). Read by /api/account/tokens, /wallet and
-- /token_asset_overview. The prices are looked up for the holder's tokens only (token_prices is in memory), not
-- through the latest_prices view, which ranks every token's days.
-- @param address VARCHAR
WITH h AS MATERIALIZED (
  SELECT token_standard, token_id, balance_raw, balance FROM token_holdings_by_holder
  WHERE bucket = address_bucket($address) AND holder_address = $address
), p AS (
  SELECT token_id, arg_max(price_usd, day_ts) AS price_usd, arg_max(price_trx, day_ts) AS price_trx
  FROM token_prices WHERE token_id IN (SELECT token_id FROM h) GROUP BY token_id
)
SELECT h.token_standard, h.token_id, h.balance_raw, h.balance, t.name, t.symbol, t.decimals, t.issuer_address, t.logo_url,
       t.level, t.vip, t.can_show, t.project_name, p.price_usd, p.price_trx, s.holder_count, s.transfer_count,
       -- the token's whole life's transfers only when it was created inside the lake (sql/macros/began_in_window.sql)
       CASE WHEN began_in_window(t.created_ts) THEN s.transfer_count END AS lifetime_transfers
FROM h
LEFT JOIN tokens t ON t.token_id = h.token_id
LEFT JOIN (SELECT token_id, token_standard, holder_count, transfer_count FROM token_stats WHERE token_id IN (SELECT token_id FROM h)) s
  ON s.token_id = h.token_id AND s.token_standard = h.token_standard
LEFT JOIN p ON p.token_id = h.token_id
-- A fixed order (issue 30): the wallet's USD total adds these rows' values in it, and the lists keep it.
ORDER BY h.token_standard, h.token_id
