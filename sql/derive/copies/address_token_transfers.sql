-- Each token transfer filed under its sender and its receiver (once when they are the same address).
-- The side equal to the row's address is stored as '' (growth `sameAsAddress`: from_address, to_address), and the
-- view puts it back: each address once per row instead of twice.
SELECT from_address AS address,
       CASE WHEN to_address = from_address THEN 'self' ELSE 'out' END AS direction,
       t.* REPLACE ('' AS from_address, CASE WHEN to_address = from_address THEN '' ELSE to_address END AS to_address)
FROM token_transfers t
UNION ALL
SELECT to_address AS address, 'in' AS direction, t.* REPLACE ('' AS to_address)
FROM token_transfers t
WHERE to_address <> from_address;
