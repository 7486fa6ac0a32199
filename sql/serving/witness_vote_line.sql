-- realtimeVoteLine of /api/vote/witness: per witness, its tallies at the maintenances of the last 7 days up to the
-- head's last one (28 boundaries: VOTE_LINE_CYCLES of src/endpoints/shapes/witness-rows.ts), from
-- witness_cycle_votes, as one JSON text of [cycle_ts, votes] pairs (no pair at a maintenance: 0 votes). Bounded by the
-- witnesses × 28. Read per request from the Parquet file it cost ~10x the rest of /api/vote/witness; one text per
-- witness instead of a row per point: the default list's ~4,400 rows cost more to convert than the answer to build.
SELECT candidate_address, CAST(to_json(list([cycle_ts, votes] ORDER BY cycle_ts)) AS VARCHAR) AS points
FROM witness_cycle_votes
WHERE cycle_ts > (head_ts() // 21600000 - 28) * 21600000 AND cycle_ts <= head_ts()
GROUP BY candidate_address
ORDER BY candidate_address
