-- /api/trc721/token: number of NFTs matching the same filters (rangeTotal).
-- @param contract VARCHAR
-- @param token_id VARCHAR
-- @param owner VARCHAR
SELECT count(*) AS n
FROM trc721_owners o
WHERE o.contract_address = $contract
  AND ($token_id IS NULL OR o.token_id = $token_id)
  AND ($owner IS NULL OR o.owner_address = $owner);
