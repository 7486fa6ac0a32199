-- The showAll listing filter of the token lists over tokens aliased {{1}} (SPEC §4.1): $show_all 0 whitelist only,
-- 1 all, 2 all but the blacklist, NULL no listing filter.
-- @param show_all INTEGER
$show_all IS NULL OR $show_all = 1 OR ($show_all = 0 AND {{1}}.list_status = 'whitelist')
OR ($show_all = 2 AND coalesce({{1}}.list_status, 'none') <> 'blacklist')
