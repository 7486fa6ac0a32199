-- Each token transfer filed under its sender and its receiver (once when they are the same address).
SELECT from_address AS address,
       CASE WHEN to_address = from_address THEN 'self' ELSE 'out' END AS direction,
       t.*
FROM token_transfers t
UNION ALL
SELECT to_address AS address, 'in' AS direction, t.*
FROM token_transfers t
WHERE to_address <> from_address;
