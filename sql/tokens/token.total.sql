-- /api/token: number of TRC10 tokens matching the same filters, and of all TRC10 tokens (totalAll=1).
-- @param id VARCHAR
-- @param id_gt BIGINT
-- @param owner VARCHAR
-- @param name VARCHAR
-- @param show_all INTEGER
SELECT count(*) FILTER (WHERE ($id IS NULL OR t.token_id = $id)
  AND ($id_gt IS NULL OR CAST(t.token_id AS BIGINT) > $id_gt)
  AND ($owner IS NULL OR t.issuer_address = $owner)
  AND ($name IS NULL OR contains(lower(t.name), lower($name)) OR contains(lower(t.symbol), lower($name)))
  AND ($show_all = 1 OR ($show_all = 0 AND t.list_status = 'whitelist') OR ($show_all = 2 AND coalesce(t.list_status, 'none') <> 'blacklist'))) AS n,
  count(*) AS n_all
FROM tokens t
WHERE t.token_standard = 'trc10';
