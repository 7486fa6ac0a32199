-- The rows of proposal_state from `ev` (governance_events rows of types 16-18: all of them, or the new blocks') and
-- `prev_rows` (the previous version's rows, or none), both defined by the caller's WITH. Only facts are carried
-- over (creation, approvals in force, deletion); the state is recomputed at every publish against the head, since a
-- PENDING proposal expires without any new transaction. Bounded by the proposals, never by history.
, anchor AS (
  -- A ProposalCreate carries no id: the chain numbers proposals in creation order. The ones created in the lake
  -- continue the last one created before it (previous rows), else the first the proposals snapshot lists as created
  -- in the lake, else the snapshot's newest.
  SELECT coalesce(
    (SELECT max(proposal_id) FROM prev_rows WHERE create_ts IS NOT NULL),
    (SELECT min(proposal_id) - 1 FROM proposals WHERE create_time >= (SELECT min("timestamp") FROM blocks) - 6000),
    (SELECT max(proposal_id) FROM proposals),
    0) AS base
), created AS (
  SELECT (SELECT base FROM anchor) + row_number() OVER (ORDER BY block_number, tx_index) AS proposal_id,
         owner_address AS proposer_address, parameters_json, "timestamp" AS create_ts, block_number AS create_block
  FROM ev WHERE contract_type = 16
), prev_appr AS (
  SELECT proposal_id, unnest(from_json(approvals_json, '[{"address":"VARCHAR","ts":"BIGINT","block":"BIGINT","tx_index":"INTEGER"}]')) AS a
  FROM prev_rows
), appr AS (
  SELECT proposal_id, a.address, a.ts, a.block, a.tx_index, true AS add FROM prev_appr
  UNION ALL
  SELECT proposal_id, owner_address, "timestamp", block_number, tx_index, is_add_approval FROM ev WHERE contract_type = 17
), last_appr AS (
  -- an address's last approve transaction decides (is_add_approval false withdraws it)
  SELECT proposal_id, address, arg_max(ts, block * 1000000 + tx_index) AS ts, max(block * 1000000 + tx_index) AS pos,
         arg_max(add, block * 1000000 + tx_index) AS add
  FROM appr GROUP BY proposal_id, address
), in_force AS (
  SELECT l.proposal_id,
         to_json(list({'address': l.address, 'ts': l.ts, 'block': l.pos // 1000000, 'tx_index': (l.pos % 1000000)::INTEGER} ORDER BY l.pos))::VARCHAR AS approvals_json,
         count(*) AS approval_count, count(w.address) AS valid_approvals
  FROM last_appr l LEFT JOIN (SELECT address FROM witnesses WHERE rank <= 27) w ON w.address = l.address
  WHERE l.add GROUP BY l.proposal_id
), touched AS (
  SELECT proposal_id, max(block_number) AS last_block, min("timestamp") FILTER (WHERE contract_type = 18) AS delete_ts
  FROM ev WHERE contract_type IN (17, 18) GROUP BY proposal_id
), ids AS (
  SELECT proposal_id FROM prev_rows UNION SELECT proposal_id FROM created UNION SELECT proposal_id FROM touched
), snap AS (
  SELECT proposal_id, expiration_time, state FROM proposals
  QUALIFY row_number() OVER (PARTITION BY proposal_id ORDER BY as_of_block DESC) = 1
), cp AS (
  SELECT coalesce(max(value) FILTER (WHERE key = 'getMaintenanceTimeInterval'), 21600000) AS interval_ms,
         coalesce(max(value) FILTER (WHERE key = 'getProposalExpireTime'), 259200000) AS expire_ms
  FROM chain_parameters WHERE as_of_block = (SELECT max(as_of_block) FROM chain_parameters)
), facts AS (
  SELECT i.proposal_id,
         coalesce(p.proposer_address, c.proposer_address) AS proposer_address,
         coalesce(p.parameters_json, c.parameters_json) AS parameters_json,
         coalesce(p.create_ts, c.create_ts) AS create_ts,
         coalesce(p.create_block, c.create_block) AS create_block,
         coalesce(f.approvals_json, '[]') AS approvals_json,
         coalesce(f.approval_count, 0) AS approval_count,
         coalesce(f.valid_approvals, 0) AS valid_approvals,
         coalesce(p.delete_ts, t.delete_ts) AS delete_ts,
         greatest(p.last_block, c.create_block, t.last_block) AS last_block
  FROM ids i
  LEFT JOIN prev_rows p USING (proposal_id)
  LEFT JOIN created c USING (proposal_id)
  LEFT JOIN in_force f USING (proposal_id)
  LEFT JOIN touched t USING (proposal_id)
), timed AS (
  -- the node's expiration: the first maintenance after create + getProposalExpireTime (ProposalCreateActuator);
  -- a proposal created before the lake: the snapshot's
  SELECT facts.*, coalesce(CASE WHEN create_ts IS NOT NULL THEN (create_ts // cp.interval_ms + 1) * cp.interval_ms + cp.expire_ms END,
                           s.expiration_time) AS expiration_ts, s.state AS snap_state
  FROM facts CROSS JOIN cp LEFT JOIN snap s USING (proposal_id)
), stated AS (
  SELECT timed.*,
         CASE WHEN delete_ts IS NOT NULL THEN 'CANCELED'
              WHEN create_ts IS NULL THEN coalesce(snap_state, 'PENDING')
              WHEN expiration_ts > (SELECT max("timestamp") FROM blocks) THEN 'PENDING'
              WHEN valid_approvals >= 18 THEN 'APPROVED'
              ELSE 'DISAPPROVED' END AS state
  FROM timed
)
SELECT proposal_id, proposer_address, parameters_json, create_ts, create_block, expiration_ts, approvals_json,
       approval_count::BIGINT AS approval_count, valid_approvals::BIGINT AS valid_approvals, delete_ts, state,
       CASE WHEN state = 'APPROVED' THEN expiration_ts END AS effective_ts, last_block
FROM stated
