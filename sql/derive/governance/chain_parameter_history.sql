-- Each chain parameter's value over time: the snapshots' values (a row where the value differs from the snapshot
-- before it) and every parameter an approved proposal set (from its maintenance). Snapshots name parameters by getter
-- (key), proposals by number (parameter); chain_parameter_key() maps numbers to getters (src/chain/chain-parameters.ts).
-- A snapshot row starts at its block's time (or the lake's first block for an opening snapshot), and earlier when the
-- approved proposals of the lake's window are all known (docs/compat.md "Proposals and chain parameters"): only an
-- approved proposal changes a parameter, so the value was in force back to the last approved proposal that set it
-- (effective after the parameter's previous snapshot, at or before this one) when that proposal set this value, and
-- back to the lake's first block when none did and no snapshot before this one exists. Known = a `proposals` snapshot
-- (the node's full listing) as of this snapshot's block or later; without one the row keeps its block's time.
WITH lake AS (
  SELECT min("timestamp") AS first_ts FROM blocks
), s AS (
  SELECT key, value, as_of_block, lag(value) OVER (PARTITION BY key ORDER BY as_of_block) AS before,
         lag(as_of_block) OVER (PARTITION BY key ORDER BY as_of_block) AS before_block
  FROM chain_parameters
), snap_at AS (
  SELECT as_of_block, (SELECT min("timestamp") FROM blocks b WHERE b.block_number >= a.as_of_block) AS ts
  FROM (SELECT DISTINCT as_of_block FROM chain_parameters) a
), listed AS (
  -- the node's newest listing of every proposal, and the as-of block up to which it is complete
  SELECT proposal_id, parameters_json, expiration_time, state FROM proposals
  QUALIFY row_number() OVER (PARTITION BY proposal_id ORDER BY as_of_block DESC) = 1
), approved AS (
  -- an approved proposal takes effect at the maintenance of its expiration: proposal_state's effective_ts for the
  -- ones the lake's transactions touch, the listing's expiration_time for the others
  SELECT proposal_id, parameters_json, effective_ts FROM proposal_state WHERE state = 'APPROVED'
  UNION ALL
  SELECT proposal_id, parameters_json, expiration_time FROM listed
  WHERE state = 'APPROVED' AND proposal_id NOT IN (SELECT proposal_id FROM proposal_state)
), approved_set AS (
  SELECT p.proposal_id, p.effective_ts, chain_parameter_key(p.x.key::INTEGER) AS key, p.x.value AS value
  FROM (SELECT proposal_id, effective_ts, unnest(from_json(parameters_json, '[{"key":"BIGINT","value":"BIGINT"}]')) AS x FROM approved) p
), snap AS (
  SELECT s.key, s.value, s.as_of_block, coalesce(snap_at.ts, 0) AS ts, s.before_block,
         (SELECT ts FROM snap_at WHERE snap_at.as_of_block = s.before_block) AS before_ts,
         (SELECT max(as_of_block) FROM proposals) >= s.as_of_block AS listing_complete
  FROM s JOIN snap_at USING (as_of_block)
  WHERE s.before IS DISTINCT FROM s.value
), last_set AS (
  -- per snapshot row, the last approved proposal that set its parameter inside (previous snapshot or first block, ts]
  SELECT snap.key, snap.as_of_block, arg_max(a.value, a.effective_ts) AS value, max(a.effective_ts) AS effective_ts
  FROM snap CROSS JOIN lake JOIN approved_set a ON a.key = snap.key
   AND a.effective_ts <= snap.ts AND a.effective_ts >= lake.first_ts
   AND (snap.before_ts IS NULL OR a.effective_ts > snap.before_ts)
  GROUP BY ALL
)
SELECT snap.key, NULL::INTEGER AS parameter, snap.value,
       CASE WHEN NOT coalesce(snap.listing_complete, false) THEN snap.ts
            WHEN l.effective_ts IS NOT NULL THEN CASE WHEN l.value = snap.value THEN l.effective_ts ELSE snap.ts END
            WHEN snap.before_block IS NULL THEN least(snap.ts, lake.first_ts)
            ELSE snap.ts END AS from_ts,
       'snapshot' AS source, NULL::BIGINT AS proposal_id, snap.as_of_block
FROM snap CROSS JOIN lake LEFT JOIN last_set l USING (key, as_of_block)
UNION ALL
SELECT NULL, p.x.key::INTEGER, p.x.value, p.effective_ts, 'proposal', p.proposal_id, NULL
FROM (
  SELECT proposal_id, effective_ts, unnest(from_json(parameters_json, '[{"key":"BIGINT","value":"BIGINT"}]')) AS x
  FROM proposal_state WHERE state = 'APPROVED'
) p
