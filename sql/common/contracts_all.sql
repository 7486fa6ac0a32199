-- Every smart contract for contractMap / contractInfo (the lookups' per-version map, src/endpoints/kit/lookups.ts):
-- the columns of contract_map.sql, all rows.
SELECT address, name, tag, is_token
FROM contracts;
