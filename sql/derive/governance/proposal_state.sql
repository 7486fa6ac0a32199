-- Proposals from every governance event of the lake (sql/fragments/proposal-state.sql).
WITH ev AS (SELECT * FROM governance_events WHERE contract_type IN (16, 17, 18)),
prev_rows AS (
  SELECT NULL::BIGINT AS proposal_id, NULL::VARCHAR AS proposer_address, NULL::VARCHAR AS parameters_json, NULL::BIGINT AS create_ts,
         NULL::BIGINT AS create_block, NULL::VARCHAR AS approvals_json, NULL::BIGINT AS delete_ts, NULL::BIGINT AS last_block
  WHERE false
)
{{> fragments/proposal-state}}
