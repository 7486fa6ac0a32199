-- The asset a TRX or TRC10 transaction moves: '_' for TRX (TransferContract, type 1), else its TRC10 id (the TRX
-- alias of the transfer lists), e.g. asset_id(t.contract_type, t.token_id).
CREATE OR REPLACE MACRO asset_id(contract_type, token_id) AS CASE WHEN contract_type = 1 THEN '_' ELSE token_id END;
