-- /api/token_trc20: number of tokens matching the same filters.
-- @param contract VARCHAR
-- @param show_all INTEGER
SELECT count(*) AS n
FROM tokens t
WHERE t.token_standard <> 'trc10'
  AND ($contract IS NULL OR t.token_id = $contract)
  AND ($show_all IS NULL OR $show_all = 1
       OR ($show_all = 0 AND t.list_status = 'whitelist')
       OR ($show_all = 2 AND coalesce(t.list_status, 'none') <> 'blacklist'));
