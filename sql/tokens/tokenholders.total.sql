-- /api/tokenholders: number of positive TRC10 balances matching the same filters (rangeTotal).
-- @param issuer VARCHAR
-- @param token_id VARCHAR
-- @param holder VARCHAR
SELECT count(*) AS n
FROM trc10_balances b
WHERE b.token_id IN (SELECT token_id FROM tokens WHERE token_standard = 'trc10'
                       AND ($issuer IS NULL OR issuer_address = $issuer) AND ($token_id IS NULL OR token_id = $token_id))
  AND ($holder IS NULL OR b.holder_address = $holder)
  AND b.balance > 0;
