-- Every witness with its votes and production, in rank order: the serving table sql/serving/witness_standing.sql
-- (computed once per version; its header says what each figure is).
SELECT address, name, url, rank, witness_type, cycle_votes, realtime_votes, brokerage, brokerage_changes, lowest_brokerage,
       created_ts, produced, missed, produced_trx, last_block, last_block_ts, last_block_version
FROM witness_standing ORDER BY rank
