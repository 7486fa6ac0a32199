-- Filters of /api/token over the tokens dimension aliased {{1}} (rows and count). $id_gt keeps ids numerically above
-- it; $name matches name or abbreviation case-insensitively (substring); $show_all: 0 whitelist only, 1 all, 2 all
-- but the blacklist.
-- @param id VARCHAR
-- @param id_gt BIGINT
-- @param owner VARCHAR
-- @param name VARCHAR
-- @param show_all INTEGER
($id IS NULL OR {{1}}.token_id = $id)
AND ($id_gt IS NULL OR CAST({{1}}.token_id AS BIGINT) > $id_gt)
AND ($owner IS NULL OR {{1}}.issuer_address = $owner)
AND ($name IS NULL OR contains(lower({{1}}.name), lower($name)) OR contains(lower({{1}}.symbol), lower($name)))
AND ({{> fragments/listing {{1}}}})
