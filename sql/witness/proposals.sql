-- /api/proposal: the newest snapshot row of every proposal, newest first (at most a few hundred on mainnet; the
-- endpoint filters and pages in code, see src/endpoints/witness/proposal.ts).
SELECT proposal_id, proposer_address, parameters_json, create_time, expiration_time, approvals_json, state
FROM proposals
QUALIFY row_number() OVER (PARTITION BY proposal_id ORDER BY as_of_block DESC) = 1
ORDER BY proposal_id DESC
