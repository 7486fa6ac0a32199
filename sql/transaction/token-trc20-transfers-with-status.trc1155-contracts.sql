-- The contracts with TRC1155 transfers in the lake (trc1155_tokens: one row per contract and token id, from every
-- trc1155 row of token_transfers). Their transfers are in address_token_transfers, which the statement reads, but
-- not in address_trc20_transfers (TRC20 and TRC721 rows), whose key files answer the other tokens' pages.
SELECT DISTINCT contract_address FROM trc1155_tokens ORDER BY contract_address
