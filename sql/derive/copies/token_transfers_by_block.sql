-- The token transfers in block order, every column: written for the run's key file (keyed by block_number), which
-- answers transaction-info's transfers with no statement.
SELECT * EXCLUDE ("date") FROM token_transfers;
