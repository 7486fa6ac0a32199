-- Each transaction filed under its sender and its receiver (once when they are the same address). The receiver of
-- a contract call is the called contract when the contract has no to_address (TriggerSmartContract, deploys).
SELECT owner_address AS address,
       CASE WHEN coalesce(to_address, contract_address) = owner_address THEN 'self' ELSE 'out' END AS direction,
       t.*
FROM transactions t
UNION ALL
SELECT coalesce(to_address, contract_address) AS address, 'in' AS direction, t.*
FROM transactions t
WHERE coalesce(to_address, contract_address) IS NOT NULL AND coalesce(to_address, contract_address) <> owner_address;
