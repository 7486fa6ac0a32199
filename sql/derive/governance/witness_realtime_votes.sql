-- Each witness's realtime votes: the tally the next maintenance (the first boundary after the head) will make of the
-- votes as they stand (sql/fragments/cycle-votes.sql with to_t at that boundary): the tally of the head's last
-- maintenance, carried from witness_cycle_votes (derived just before), plus the vote changes since it, each its new
-- set minus the voter's previous one. So every voter counts, also one the lake has never seen vote (its votes are in
-- the tally), and only the last period's changes are read. A lake whose blocks cross no boundary yet: the anchors of
-- the fragment (a witnesses snapshot, else the opening account snapshots) plus every change of the lake.
WITH last_m AS (SELECT derive_head_ts() // 21600000 * 21600000 AS t),
scope AS (
  SELECT CASE WHEN t > (SELECT min("timestamp") FROM blocks) THEN t ELSE -1 END::BIGINT AS from_t, t + 21600000 AS to_t
  FROM last_m
),
carried AS (SELECT candidate_address, votes FROM witness_cycle_votes WHERE cycle_ts = (SELECT from_t FROM scope)),
{{> fragments/cycle-votes}}
SELECT candidate AS candidate_address, votes, cycle_ts AS next_cycle_ts
FROM tally WHERE cycle_ts = (SELECT to_t FROM scope) AND votes <> 0
