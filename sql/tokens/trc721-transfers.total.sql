-- /api/trc721/transfers: number of transfers of the NFT (rangeTotal).
-- @param contract VARCHAR
-- @param token_id VARCHAR
SELECT count(*) AS n FROM trc721_transfers t WHERE t.contract_address = $contract AND t.token_id = $token_id;
