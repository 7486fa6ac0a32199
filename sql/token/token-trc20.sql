-- /api/token_trc20: TRC20 / TRC721 / TRC1155 tokens (one contract, or all) with the derived counters and the latest
-- two daily prices; $show_all: 0 whitelist only, 1 all, 2 all but the blacklist (NULL = no listing filter).
-- @param lim BIGINT
-- @param off BIGINT
SELECT t.token_id, t.token_standard, t.name, t.symbol, t.decimals, t.issuer_address, t.logo_url, t.level, t.vip,
       t.created_ts, t.home_page, t.description, c.name AS contract_name, s.holder_count, s.transfer_count,
       s.transfer_count_24h, s.supply_raw, p.usd, p.trx, p.prev_usd, p.volume_usd, p.volume_trx,
       -- the token's whole life's transfers only when it was created inside the lake (sql/macros/began_in_window.sql)
       CASE WHEN began_in_window(t.created_ts) THEN s.transfer_count END AS lifetime_transfers
FROM tokens t
JOIN token_stats s ON s.token_id = t.token_id AND s.token_standard = t.token_standard
LEFT JOIN contracts c ON c.address = t.token_id
LEFT JOIN latest_prices p ON p.token_id = t.token_id
WHERE {{> token/token-trc20.where t}}
ORDER BY s.holder_count DESC, t.token_id
LIMIT $lim OFFSET $off;
