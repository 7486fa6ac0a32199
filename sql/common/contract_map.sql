-- Which of the given addresses are smart contracts (contractMap of list envelopes).
-- @param addresses VARCHAR[]
SELECT address, name, tag, is_token
FROM contracts
WHERE address IN (SELECT unnest($addresses));
