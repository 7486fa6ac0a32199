-- The witnesses among the given addresses (witnessInfo of a response when the dimension is too large to keep).
-- @param addresses VARCHAR[]
SELECT address, name, url, rank
FROM witnesses
WHERE address IN (SELECT unnest($addresses));
