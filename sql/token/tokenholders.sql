-- /api/tokenholders: positive TRC10 balances of the tokens of an issuer (or of one TRC10 id), from the derived ledger
-- sorted by (token, balance desc). $holder narrows to one holder.
-- @total
-- @param issuer VARCHAR
-- @param token_id VARCHAR
-- @param holder VARCHAR
-- @param lim BIGINT
-- @param off BIGINT
SELECT b.token_id, b.holder_address, b.balance_raw, b.update_ts, w.name AS sr_name
FROM trc10_balances b
LEFT JOIN witnesses w ON w.address = b.holder_address AND w.witness_type = 1 -- lookup
WHERE b.token_id IN (SELECT token_id FROM tokens WHERE token_standard = 'trc10'
                       AND ($issuer IS NULL OR issuer_address = $issuer) AND ($token_id IS NULL OR token_id = $token_id))
  AND ($holder IS NULL OR b.holder_address = $holder)
  AND b.balance > 0
ORDER BY {{order_by}}
LIMIT $lim OFFSET $off;
