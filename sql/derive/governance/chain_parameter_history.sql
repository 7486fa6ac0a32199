-- Each chain parameter's value over time: the snapshots' values (a row where the value differs from the snapshot
-- before it; from the snapshot block's time, or the first block after it when the block is not in the lake, as the
-- opening snapshot's) and every parameter an approved proposal set (from its maintenance). Snapshots name parameters
-- by getter (key), proposals by number (parameter): src/chain/chain-parameters.ts maps them where they are served.
WITH s AS (
  SELECT key, value, as_of_block, lag(value) OVER (PARTITION BY key ORDER BY as_of_block) AS before FROM chain_parameters
), snap_at AS (
  SELECT as_of_block, (SELECT min("timestamp") FROM blocks b WHERE b.block_number >= a.as_of_block) AS ts
  FROM (SELECT DISTINCT as_of_block FROM chain_parameters) a
)
SELECT s.key, NULL::INTEGER AS parameter, s.value, coalesce(snap_at.ts, 0) AS from_ts, 'snapshot' AS source,
       NULL::BIGINT AS proposal_id, s.as_of_block
FROM s JOIN snap_at USING (as_of_block)
WHERE s.before IS DISTINCT FROM s.value
UNION ALL
SELECT NULL, p.x.key::INTEGER, p.x.value, p.effective_ts, 'proposal', p.proposal_id, NULL
FROM (
  SELECT proposal_id, effective_ts, unnest(from_json(parameters_json, '[{"key":"BIGINT","value":"BIGINT"}]')) AS x
  FROM proposal_state WHERE state = 'APPROVED'
) p
