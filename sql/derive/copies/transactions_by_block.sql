-- The transactions in block order, every column: written for the run's key file (keyed by block_number), which
-- answers transaction-info's row and the pages of /api/transaction by block or without filter with no statement.
SELECT * EXCLUDE ("date") FROM transactions;
