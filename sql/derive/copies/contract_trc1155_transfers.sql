-- The TRC1155 transfers (what /api/token_trc1155/transfers lists), sorted by token contract then time (the
-- declaration's sortBy): a token's rows are one span of its key file, a day of them a slice found by the times.
SELECT * FROM token_transfers WHERE token_standard = 'trc1155';
