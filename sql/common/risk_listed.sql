-- The given addresses a risk list names (riskListed of a response when the reference is too large to keep).
-- @param addresses VARCHAR[]
SELECT address
FROM risk_addresses
WHERE address IN (SELECT unnest($addresses));
