-- Governance transactions (issue 13) of this batch's blocks, from the window's schedule (governance-schedule.sql):
-- ProposalCreate (16), ProposalApprove (17), ProposalDelete (18), AccountUpdate (10), WitnessUpdate (8),
-- UpdateBrokerage (49), WitnessCreate (5). Each goes into the last produced block at or before its scheduled time,
-- after that block's other transactions (block totals are summed over `transactions` in 05-facts.sql).
-- parameter_json is what the ingester keeps of the node's JSON (datasets/ingest/decode.ts): every field but
-- owner_address, text fields as UTF-8, a zero value left out as the node leaves it out (a brokerage of 0 gives no
-- field, so NULL), a protobuf map printed as [{key, value}]. System contracts always succeed (a failing one is never
-- packed); they use free bandwidth, and WitnessCreate burns the 9,999 TRX account upgrade cost (getAccountUpgradeCost).
CREATE TABLE g_gov_ev AS
SELECT 16 AS ct, p.proposer_rank AS rank, p.create_ts AS ts, p.proposal_id, 'c:' || p.proposal_id AS ek,
       '{"parameters":[{"key":' || p.param_key || ',"value":' || p.param_value || '}]}' AS pj
FROM g_gov_prop p
UNION ALL
SELECT 17, a.rank, a.ts, a.proposal_id, 'a:' || a.proposal_id || ':' || a.rank,
       '{"proposal_id":' || a.proposal_id || ',"is_add_approval":true}'
FROM g_gov_approval a
UNION ALL
SELECT 18, p.proposer_rank, p.delete_ts, p.proposal_id, 'd:' || p.proposal_id, '{"proposal_id":' || p.proposal_id || '}'
FROM g_gov_prop p WHERE p.delete_ts IS NOT NULL
UNION ALL
SELECT o.kind, o.rank, o.ts, NULL, 'o:' || o.kind || ':' || o.rank,
       CASE o.kind WHEN 10 THEN to_json({'account_name': w.name})::VARCHAR
                   WHEN 8 THEN to_json({'update_url': w.url})::VARCHAR
                   WHEN 5 THEN to_json({'url': w.url})::VARCHAR
                   WHEN 49 THEN CASE WHEN w.brokerage <> 0 THEN '{"brokerage":' || w.brokerage || '}' END END
FROM g_gov_other o JOIN g_wit w ON w.rank = o.rank;

-- The ASOF join below has a probe side of a few dozen events: under asof_loop_join_threshold (64) DuckDB plans it as
-- a nested loop over every block and an arg_max per event (19 M pairs on 20 default days, 3.8 CPU s on 90); the
-- ASOF operator itself finds the same block (the last one at or before the event) for a sort of the events.
SET asof_loop_join_threshold = 0;

INSERT INTO transactions BY NAME
WITH b AS (
  SELECT block_number, "timestamp", n_tx FROM g_block
), placed AS (
  SELECT e.*, b.block_number, b."timestamp", b.n_tx
  FROM g_gov_ev e ASOF JOIN b ON e.ts >= b."timestamp"
  WHERE e.ts >= (SELECT min("timestamp") FROM g_block) AND e.ts < {{end_ts}}
), n AS (
  SELECT placed.*, (n_tx + row_number() OVER (PARTITION BY block_number ORDER BY ts, ek) - 1)::INTEGER AS tx_index,
         CASE ct WHEN 16 THEN 270 WHEN 17 THEN 214 WHEN 18 THEN 212 WHEN 49 THEN 210 ELSE 205 + strlen(coalesce(pj, '')) END AS size_bytes
  FROM placed
)
SELECT block_number, "timestamp", sha256('gov:' || {{seed}} || ':' || ek) AS tx_hash, tx_index, ct AS contract_type,
       {{wit_b58_list}}[rank] AS owner_address, NULL AS to_address, 0::BIGINT AS amount, NULL AS token_id,
       NULL AS contract_address, NULL AS method_id, NULL AS call_data, NULL AS resource, pj AS parameter_json, '' AS memo,
       0::BIGINT AS fee_limit, "timestamp" + 60000 AS expiration, 'SUCCESS' AS contract_ret,
       CASE WHEN ct = 5 THEN 9999000000 ELSE 0 END::BIGINT AS fee,
       size_bytes::BIGINT AS net_usage, 0::BIGINT AS net_fee, 0::BIGINT AS energy_usage, 0::BIGINT AS energy_fee,
       0::BIGINT AS origin_energy_usage, 0::BIGINT AS energy_usage_total, 0::BIGINT AS energy_penalty_total,
       size_bytes::INTEGER AS size_bytes, NULL AS res_message, NULL::BIGINT AS withdraw_amount, NULL::BIGINT AS unfreeze_amount,
       0 AS log_count, 0 AS internal_count
FROM n;

RESET asof_loop_join_threshold;

-- A candidate that applies inside the window was created then (the dimension's creation time is the application's).
UPDATE g_wit SET created_ts = o.ts FROM g_gov_other o WHERE o.kind = 5 AND o.rank = g_wit.rank;
