-- The TRC20 and TRC721 transfers (what /api/token_trc20/transfers lists) filed under their sender and their receiver
-- (once when they are the same address), as address_token_transfers files every standard: an address's rows here are
-- one contiguous span of its key file, so a page is read in O(limit). The side equal to the row's address is stored
-- as '' (growth `sameAsAddress`: from_address, to_address), and the view puts it back.
SELECT from_address AS address,
       CASE WHEN to_address = from_address THEN 'self' ELSE 'out' END AS direction,
       t.* REPLACE ('' AS from_address, CASE WHEN to_address = from_address THEN '' ELSE to_address END AS to_address)
FROM token_transfers t
WHERE t.token_standard IN ('trc20', 'trc721')
UNION ALL
SELECT to_address AS address, 'in' AS direction, t.* REPLACE ('' AS to_address)
FROM token_transfers t
WHERE t.token_standard IN ('trc20', 'trc721') AND to_address <> from_address;
