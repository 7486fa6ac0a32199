-- /api/account/tag: what the tag rules of deep/account-tag.ts read about one address, each a point read: its public
-- label (address_labels), its account row (accounts: one bucket), the tokens it issued (tokens dimension, in memory),
-- its witness entry (witnesses dimension) and whether a DeFi project contract is it (project_contracts reference).
-- @param address VARCHAR
WITH q AS (SELECT $address AS address)
SELECT (SELECT min(public_tag) FROM address_labels WHERE address = $address) AS public_tag,
       a.address IS NOT NULL AS has_account, a.balance, a.create_time, a.tx_total,
       (SELECT count(*) FROM tokens WHERE issuer_address = $address AND token_standard IN ('trc10', 'trc20')) AS fungible_issued,
       (SELECT count(*) FROM tokens WHERE issuer_address = $address AND token_standard IN ('trc721', 'trc1155')) AS nft_issued,
       (SELECT min(witness_type) FROM witnesses WHERE address = $address) AS witness_type,
       (SELECT min(project) FROM project_contracts WHERE contract_address = $address) AS defi_project
FROM q
LEFT JOIN (SELECT address, balance, create_time, tx_total FROM accounts WHERE bucket = address_bucket($address) AND address = $address) a ON a.address = q.address
