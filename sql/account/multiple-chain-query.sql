-- /api/multiple/chain/query: what the TRON address is (a contract: contracts dimension; a token: tokens dimension,
-- its logo and description) and its public label (address_labels); point reads of in-memory dimensions and a small
-- reference.
-- @param address VARCHAR
WITH q AS (SELECT $address AS address)
SELECT EXISTS (SELECT 1 FROM contracts WHERE address = $address) AS is_contract,
       t.token_id IS NOT NULL AS is_token, t.logo_url, t.description,
       (SELECT min(public_tag) FROM address_labels WHERE address = $address) AS public_tag
FROM q
LEFT JOIN (SELECT token_id, logo_url, description FROM tokens WHERE token_id = $address AND token_standard <> 'trc10'
           ORDER BY token_standard LIMIT 1) t ON t.token_id = q.address
