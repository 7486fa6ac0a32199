-- /api/security/transaction/data: which of the parties a risk list names (risk_addresses) or our rules flag
-- (address_risk_flags: 10 or more dust memos, or a zero-value spoof), and which of the tokens the listing marks UNSAFE
-- (tokens.level 4).
-- @param addresses VARCHAR[]
-- @param tokens VARCHAR[]
-- @param ad_memo_min BIGINT
SELECT 'address' AS kind, address AS id FROM risk_addresses WHERE address IN (SELECT unnest($addresses))
UNION
SELECT 'address', address FROM address_risk_flags
WHERE address IN (SELECT unnest($addresses)) AND (dust_memo_transfers >= $ad_memo_min OR zero_value_spoofs > 0)
UNION
SELECT 'token', token_id FROM tokens WHERE token_id IN (SELECT unnest($tokens)) AND level = 4
