-- /api/security/transaction/data: which of the parties our rules flag (address_risk_flags: 10 or more dust memos, or
-- a zero-value spoof). The risk lists (risk_addresses) and the UNSAFE tokens (tokens.level 4) come from the
-- per-version lookups (kit/lookups.ts), not from a three-way UNION here.
-- @param addresses VARCHAR[]
-- @param ad_memo_min BIGINT
SELECT address
FROM address_risk_flags
WHERE address IN (SELECT unnest($addresses)) AND (dust_memo_transfers >= $ad_memo_min OR zero_value_spoofs > 0)
