-- /api/tokenholders of one token, largest balance first, no holder filter: the page is a range of holder_rank, which
-- the ledger's (token, rank) order prunes to a row group or two, whatever the token's holder count. Its count is the
-- token's holder count (token/tokenholders.tokens, kept per version). Every other request reads token/tokenholders.
-- It takes the list's filter binds; $issuer and $holder are NULL here (prepare resolved the issuer to $token_id).
-- @param issuer VARCHAR
-- @param token_id VARCHAR
-- @param holder VARCHAR
-- @param lim BIGINT
-- @param off BIGINT
SELECT b.token_id, b.holder_address, b.balance_raw, b.update_ts, w.name AS sr_name
FROM trc10_balances b
LEFT JOIN witnesses w ON w.address = b.holder_address AND w.witness_type = 1 -- lookup
WHERE b.token_id = $token_id AND b.holder_rank > $off AND b.holder_rank <= $off + $lim
  AND ($holder IS NULL OR b.holder_address = $holder) AND $issuer IS NULL
ORDER BY b.holder_rank
