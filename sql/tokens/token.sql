-- /api/token: TRC10 tokens with the derived counters, by id ascending ({{order_by}}: id asc / desc). $id_gt keeps
-- ids numerically above it; $name matches name or abbreviation case-insensitively (substring);
-- $show_all: 0 whitelist only, 1 all, 2 all but the blacklist.
-- @param id VARCHAR
-- @param id_gt BIGINT
-- @param owner VARCHAR
-- @param name VARCHAR
-- @param show_all INTEGER
-- @param lim BIGINT
-- @param off BIGINT
SELECT t.token_id, t.name, t.symbol, t.decimals, t.issuer_address, t.logo_url, t.level, t.vip, t.can_show,
       t.created_ts, t.home_page, t.description, t.list_status, t.total_supply_raw, s.holder_count, s.transfer_count
FROM tokens t
JOIN token_stats s ON s.token_id = t.token_id AND s.token_standard = t.token_standard
WHERE t.token_standard = 'trc10'
  AND ($id IS NULL OR t.token_id = $id)
  AND ($id_gt IS NULL OR CAST(t.token_id AS BIGINT) > $id_gt)
  AND ($owner IS NULL OR t.issuer_address = $owner)
  AND ($name IS NULL OR contains(lower(t.name), lower($name)) OR contains(lower(t.symbol), lower($name)))
  AND ($show_all = 1 OR ($show_all = 0 AND t.list_status = 'whitelist') OR ($show_all = 2 AND coalesce(t.list_status, 'none') <> 'blacklist'))
ORDER BY {{order_by}}
LIMIT $lim OFFSET $off;
