-- Witness and proposal transactions of schema-resolved `transactions` (the lake, a day set or the new blocks: the
-- caller's search path) with their fields read out of parameter_json (governance_events, brokerage_history).
-- Read as the ingester keeps it (datasets/ingest/decode.ts: every field but owner_address, text as UTF-8, a field the node left out at its zero
-- value absent: so an absent proposal_id, brokerage or parameter value is 0, an absent is_add_approval false).
SELECT CAST(CAST(epoch_ms("timestamp") AS DATE) AS VARCHAR) AS day, block_number, "timestamp", tx_hash, tx_index, contract_type,
       CASE contract_type WHEN 5 THEN 'WitnessCreate' WHEN 8 THEN 'WitnessUpdate' WHEN 10 THEN 'AccountUpdate'
                          WHEN 16 THEN 'ProposalCreate' WHEN 17 THEN 'ProposalApprove' WHEN 18 THEN 'ProposalDelete'
                          ELSE 'UpdateBrokerage' END AS event,
       owner_address,
       CASE WHEN contract_type IN (17, 18) THEN coalesce(TRY_CAST(json_extract_string(parameter_json, '$.proposal_id') AS BIGINT), 0) END AS proposal_id,
       CASE WHEN contract_type = 17 THEN coalesce(TRY_CAST(json_extract_string(parameter_json, '$.is_add_approval') AS BOOLEAN), false) END AS is_add_approval,
       CASE WHEN contract_type = 16 THEN CAST(to_json(list_transform(
              coalesce(from_json(json_extract(parameter_json, '$.parameters'), '[{"key":"BIGINT","value":"BIGINT"}]'), []),
              x -> {'key': coalesce(x.key, 0), 'value': coalesce(x.value, 0)})) AS VARCHAR) END AS parameters_json,
       CASE contract_type WHEN 5 THEN json_extract_string(parameter_json, '$.url')
                          WHEN 8 THEN json_extract_string(parameter_json, '$.update_url')
                          WHEN 10 THEN json_extract_string(parameter_json, '$.account_name') END AS text,
       CASE WHEN contract_type = 49 THEN coalesce(TRY_CAST(json_extract_string(parameter_json, '$.brokerage') AS INTEGER), 0) END AS brokerage
FROM transactions
WHERE contract_type IN (5, 8, 10, 16, 17, 18, 49) AND contract_ret = 'SUCCESS'
