-- The TRC20 Transfers of the stablecoin registry's six contracts (fragments/stable-contracts) with the type code of
-- their transaction's DeFi protocol event (defi_transaction_types; 0 = none, a plain transfer the reader types 1 / 2
-- from the asked address). Run over the new blocks only at a publish (growth runs; delta.defi_transaction_types holds
-- the new blocks' rows, derived first).
WITH {{> fragments/stable-contracts}}
SELECT t.block_number, t."timestamp", t.tx_hash, t.tx_index, t.log_index, t.contract_address, t.from_address,
       t.to_address, t.amount_raw, t.amount, coalesce(d.type_code, 0) AS protocol_type
FROM token_transfers t
LEFT JOIN defi_transaction_types d ON d.block_number = t.block_number AND d.tx_index = t.tx_index
WHERE t.token_standard = 'trc20' AND t.contract_address IN (SELECT contract_address FROM stable_contracts)
