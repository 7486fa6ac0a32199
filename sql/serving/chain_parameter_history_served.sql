-- @rows-of chain_parameter_history
-- The chain-parameter history in memory (tens of rows): /api/accountv2 looks up the free bandwidth limit in force at
-- the head on every request, and that lookup over the Parquet file cost more than the rest of its query.
SELECT * FROM chain_parameter_history
