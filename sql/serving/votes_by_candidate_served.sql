-- @rows-of votes_by_candidate
-- votes_by_candidate held in memory (bounded by the voters in the snapshots; over the serving cap a view of the
-- file), in the file's order (by candidate): /api/vote?candidate= pages and totals without a Parquet scan.
SELECT * FROM votes_by_candidate
