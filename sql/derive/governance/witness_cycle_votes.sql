-- Each witness's votes as tallied at every maintenance of the lake (sql/fragments/cycle-votes.sql: the protocol and
-- the anchors), from the lake's first boundary on.
WITH scope AS (SELECT -1::BIGINT AS from_t, derive_head_ts() AS to_t),
carried AS (SELECT NULL::VARCHAR AS candidate_address, NULL::BIGINT AS votes WHERE false),
{{> fragments/cycle-votes}}
SELECT cycle_ts, candidate AS candidate_address, votes FROM tally WHERE votes <> 0
