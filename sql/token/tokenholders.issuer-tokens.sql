-- /api/tokenholders: the TRC10 tokens `address` stands for, as the general statement reads them: the tokens an issuer
-- issued (one on the chain: an account issues at most one TRC10 token), or the id itself when the tokens dimension
-- lists it.
-- @param issuer VARCHAR
-- @param token_id VARCHAR
SELECT token_id FROM tokens
WHERE token_standard = 'trc10' AND ($issuer IS NULL OR issuer_address = $issuer) AND ($token_id IS NULL OR token_id = $token_id)
ORDER BY token_id
