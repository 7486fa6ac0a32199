-- Current votes: the newest snapshot of each voter; the voter's last VoteWitness transaction in the lake and its
-- TRON Power and votes used (stake_positions) beside it.
WITH s AS (
  SELECT address, as_of_block, votes_json FROM account_snapshots
  QUALIFY row_number() OVER (PARTITION BY address ORDER BY as_of_block DESC) = 1
), v AS (
  SELECT s.address, s.as_of_block, unnest(from_json(s.votes_json, '[{"address":"VARCHAR","count":"BIGINT"}]')) AS x FROM s WHERE s.votes_json <> '[]'
), last_tx AS (
  SELECT voter_address, arg_max(tx_hash, block_number) AS tx_hash, max("timestamp") AS ts FROM vote_events GROUP BY voter_address
)
SELECT v.address AS voter_address, v.x.address AS candidate_address, v.x.count AS votes, v.as_of_block,
       l.tx_hash AS vote_tx_hash, l.ts AS vote_ts, p.tron_power AS voter_tron_power, p.votes_used AS voter_votes_used
FROM v LEFT JOIN last_tx l ON l.voter_address = v.address LEFT JOIN stake_positions p ON p.address = v.address
WHERE v.x.count > 0
