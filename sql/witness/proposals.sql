-- /api/proposal, /api/chainparameters: every proposal, newest first (at most a few hundred on mainnet; the endpoint
-- filters and pages in code, see src/endpoints/witness/proposal.ts). A proposal created in the lake comes from its
-- transactions (proposal_state: the state at the head, the approvals in force, in the order given), so it is listed
-- even when the proposals snapshot is older than it; one created before the lake from the newest snapshot row.
WITH lake AS (
  SELECT proposal_id, proposer_address, parameters_json, create_ts AS create_time, expiration_ts AS expiration_time,
         CAST(to_json(list_transform(from_json(approvals_json, '[{"address":"VARCHAR"}]'), x -> x.address)) AS VARCHAR) AS approvals_json,
         state
  FROM proposal_state WHERE create_ts IS NOT NULL
), snap AS (
  SELECT proposal_id, proposer_address, parameters_json, create_time, expiration_time, approvals_json, state
  FROM proposals
  QUALIFY row_number() OVER (PARTITION BY proposal_id ORDER BY as_of_block DESC) = 1
)
SELECT * FROM lake
UNION ALL
SELECT * FROM snap WHERE proposal_id NOT IN (SELECT proposal_id FROM lake)
ORDER BY proposal_id DESC
