-- TRC721 transfers clustered by (contract, token id), newest first inside a token: the history of one NFT reads a
-- few row groups instead of scanning the chain's transfers.
SELECT * FROM token_transfers WHERE token_standard = 'trc721'
