-- The event logs in block order, every column: written for the run's key file (keyed by block_number), which answers
-- the triggers batch's logs of its calls with no statement.
SELECT * EXCLUDE ("date") FROM logs;
