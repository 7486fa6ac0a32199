-- bigAmount's kept transaction types (src/endpoints/shapes/big-amount-keyed.ts): every transaction with a DeFi protocol
-- event and its type code, in key order, read once per served version.
SELECT block_number, tx_index, type_code FROM defi_transaction_types ORDER BY block_number, tx_index
