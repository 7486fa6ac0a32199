-- Every witness with its votes and production, one row per witness (bounded by the witness list: a few hundred),
-- computed once per version instead of per request of the four witness endpoints (sql/witness/witnesses.sql reads
-- it; src/endpoints/witness/witness-rows.ts turns the rows into the answers).
-- cycle_votes: the tally in force (the node counts votes at each maintenance; listwitnesses' voteCount), rank and
-- type follow it. realtime_votes: the current votes of the newest account snapshots (votes_by_candidate), so they
-- equal the sum of /api/vote?candidate=. Production is the lake's (witness_daily_stats).
WITH prod AS (
  SELECT witness_address, sum(produced) AS produced, sum(missed) AS missed, sum(tx_count) AS produced_trx,
         max(last_block) AS last_block, max(last_block_ts) AS last_block_ts
  FROM witness_daily_stats GROUP BY witness_address
), rt AS (
  SELECT candidate_address, sum(votes) AS votes FROM votes_by_candidate GROUP BY candidate_address
)
SELECT w.address, w.name, w.url, w.rank, w.witness_type, w.votes AS cycle_votes, coalesce(rt.votes, 0)::BIGINT AS realtime_votes,
       w.brokerage, w.created_ts, coalesce(p.produced, 0)::BIGINT AS produced, coalesce(p.missed, 0)::BIGINT AS missed,
       coalesce(p.produced_trx, 0)::BIGINT AS produced_trx, p.last_block, p.last_block_ts
FROM witnesses w LEFT JOIN prod p ON p.witness_address = w.address LEFT JOIN rt ON rt.candidate_address = w.address
ORDER BY w.rank
