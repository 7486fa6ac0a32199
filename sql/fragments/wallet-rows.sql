-- The rows of a wallet list (SPEC §4.5) in a by-address copy aliased {{1}} whose sender and receiver columns are {{2}}
-- and {{3}}: $address's rows, the sides $dirs asked for ('in' | 'out' | 'self'; NULL = all), the ms time window, and
-- with $db_version 0 no transfer with an empty sender or receiver.
-- @param dirs VARCHAR[]
-- @param db_version INTEGER
{{> fragments/address-rows {{1}}}}
  AND ($dirs IS NULL OR list_contains($dirs, {{1}}.direction))
  AND {{> fragments/time-window {{1}}}}
  AND ($db_version = 1 OR (coalesce({{1}}.{{2}}, '') <> '' AND coalesce({{1}}.{{3}}, '') <> ''))
