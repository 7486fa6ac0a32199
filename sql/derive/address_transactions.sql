-- Each transaction filed under its sender and its receiver (once when they are the same address).
SELECT owner_address AS address,
       CASE WHEN to_address = owner_address THEN 'self' ELSE 'out' END AS direction,
       t.*
FROM transactions t
UNION ALL
SELECT to_address AS address, 'in' AS direction, t.*
FROM transactions t
WHERE to_address IS NOT NULL AND to_address <> owner_address;
