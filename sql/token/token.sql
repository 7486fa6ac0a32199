-- /api/token: TRC10 tokens with the derived counters, by id ascending ({{order_by}}: id asc / desc).
-- @param lim BIGINT
-- @param off BIGINT
SELECT t.token_id, t.name, t.symbol, t.decimals, t.issuer_address, t.logo_url, t.level, t.vip, t.can_show,
       t.created_ts, t.home_page, t.description, t.list_status, t.total_supply_raw, s.holder_count, s.transfer_count,
       -- the token's whole life's transfers only when it was created inside the lake (sql/macros/began_in_window.sql)
       CASE WHEN began_in_window(t.created_ts) THEN s.transfer_count END AS lifetime_transfers
FROM tokens t
JOIN token_stats s ON s.token_id = t.token_id AND s.token_standard = t.token_standard
WHERE t.token_standard = 'trc10'
  AND {{> token/token.where t}}
ORDER BY {{order_by}}
LIMIT $lim OFFSET $off;
