-- /api/asset/transfer: TRC10 ids issued by an address, or matching a token name / abbreviation (case-insensitive).
-- @param issuer VARCHAR
-- @param name VARCHAR
SELECT token_id FROM tokens
WHERE token_standard = 'trc10'
  AND ($issuer IS NULL OR issuer_address = $issuer)
  AND ($name IS NULL OR token_id = $name OR lower(name) = lower($name) OR lower(symbol) = lower($name));
