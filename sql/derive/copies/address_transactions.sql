-- Each transaction filed under its sender and its receiver (once when they are the same address). The receiver of
-- a contract call is the called contract when the contract has no to_address (TriggerSmartContract, deploys).
-- The side equal to the row's address is stored as '' (growth `sameAsAddress`: owner_address, to_address), and the
-- view puts it back: each address once per row instead of twice.
SELECT owner_address AS address,
       CASE WHEN coalesce(to_address, contract_address) = owner_address THEN 'self' ELSE 'out' END AS direction,
       t.* REPLACE ('' AS owner_address, CASE WHEN to_address = owner_address THEN '' ELSE to_address END AS to_address)
FROM transactions t
UNION ALL
SELECT coalesce(to_address, contract_address) AS address, 'in' AS direction,
       -- to_address, when present, is the row's address; owner_address never is (the rows above hold that case).
       t.* REPLACE (CASE WHEN to_address IS NULL THEN NULL ELSE '' END AS to_address)
FROM transactions t
WHERE coalesce(to_address, contract_address) IS NOT NULL AND coalesce(to_address, contract_address) <> owner_address;
