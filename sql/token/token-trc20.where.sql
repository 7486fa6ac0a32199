-- Filters of /api/token_trc20 over the tokens dimension aliased {{1}} (rows and count).
-- @param contract VARCHAR
{{1}}.token_standard <> 'trc10'
AND ($contract IS NULL OR {{1}}.token_id = $contract)
AND ({{> fragments/listing {{1}}}})
