-- The token a transaction row aliased {{1}} moves: '_' for TRX (TransferContract), else its TRC10 id or contract.
CASE WHEN {{1}}.contract_type = 1 THEN '_' ELSE coalesce({{1}}.token_id, {{1}}.contract_address) END
