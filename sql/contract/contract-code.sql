-- A contract's ABI (contract_code: its newest row; sorted by contract, so the row groups of one contract), for
-- /api/contract's methodMap and the triggers batch's decoding.
-- @param address VARCHAR
SELECT abi_json FROM contract_code
WHERE contract_address = $address
ORDER BY as_of_block DESC
LIMIT 1
