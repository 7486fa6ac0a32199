-- The previous version's proposals with the governance events of the new blocks (sql/fragments/proposal-state.sql).
WITH ev AS (
  SELECT * FROM governance_events
  WHERE contract_type IN (16, 17, 18) AND block_number >= (SELECT coalesce(min(block_number), 9223372036854775807) FROM delta.blocks)
),
prev_rows AS (SELECT proposal_id, proposer_address, parameters_json, create_ts, create_block, approvals_json, delete_ts, last_block FROM prev.proposal_state)
{{> fragments/proposal-state}}
