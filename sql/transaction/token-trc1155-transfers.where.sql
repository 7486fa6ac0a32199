-- Filters of /api/token_trc1155/transfers shared by the fact table and the copy clustered by address (alias {{1}}):
-- TRC1155 rows and the filters of every token-transfer list.
{{1}}.token_standard = 'trc1155'
AND {{> transaction/token-transfers.where {{1}}}}
