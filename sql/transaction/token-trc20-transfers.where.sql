-- Filters of /api/token_trc20/transfers shared by the fact table and the copy clustered by address (alias {{1}}):
-- TRC20 and TRC721 rows, the sender and receiver filters, and the filters of every token-transfer list.
-- @param from_address VARCHAR
-- @param to_address VARCHAR
{{1}}.token_standard IN ('trc20', 'trc721')
AND ($from_address IS NULL OR {{1}}.from_address = $from_address)
AND ($to_address IS NULL OR {{1}}.to_address = $to_address)
AND {{> transaction/token-transfers.where {{1}}}}
