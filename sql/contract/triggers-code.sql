-- The ABIs of the given contracts (contract_code, the newest row of each), to decode the triggers batch's calls and logs.
-- @param addresses VARCHAR[]
SELECT contract_address, abi_json FROM contract_code
WHERE contract_address IN (SELECT unnest($addresses))
QUALIFY row_number() OVER (PARTITION BY contract_address ORDER BY as_of_block DESC) = 1
