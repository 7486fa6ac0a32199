-- Governance and network (issue 13): a synthetic node list as of the head block and the geolocation of most of its
-- nodes (a few are left without one, as a GeoIP database misses some, so /api/nodemap's "left out" path is
-- exercised). Addresses are from the documentation ranges (RFC 5737), so they can never be mistaken for real nodes.
CREATE TEMP TABLE g_node_city AS SELECT * FROM (VALUES
  ('United States', 'Virginia', 'Ashburn', 39.0438, -77.4874),
  ('United States', 'California', 'San Jose', 37.3382, -121.8863),
  ('Germany', 'Hesse', 'Frankfurt', 50.1109, 8.6821),
  ('Singapore', '', 'Singapore', 1.3521, 103.8198),
  ('Japan', 'Tokyo', 'Tokyo', 35.6762, 139.6503),
  ('Hong Kong', '', 'Hong Kong', 22.3193, 114.1694),
  ('Netherlands', 'North Holland', 'Amsterdam', 52.3676, 4.9041),
  ('Ireland', 'Leinster', 'Dublin', 53.3498, -6.2603),
  ('South Korea', 'Seoul', 'Seoul', 37.5665, 126.978),
  ('United Kingdom', 'England', 'London', 51.5072, -0.1276)
) v(country, province, city, lat, lng);

CREATE TEMP TABLE g_node AS
SELECT i, ['192.0.2.', '198.51.100.', '203.0.113.'][1 + i % 3] || (1 + i // 3)::VARCHAR AS host,
       uf(mix(hash('node:' || {{seed}}), i), 0) AS u
FROM range(150) t(i);

INSERT INTO network_nodes BY NAME
SELECT (SELECT max(block_number) FROM blocks) AS as_of_block, host, 18888 AS port FROM g_node;

INSERT INTO node_geo BY NAME
SELECT n.host AS ip, c.country, c.province, c.city, c.lat, c.lng, 'synthetic' AS source
FROM g_node n JOIN (SELECT *, row_number() OVER () - 1 AS k FROM g_node_city) c ON c.k = floor(n.u * 10)::INTEGER % 10
WHERE n.i % 12 <> 5;

DROP TABLE g_node;
DROP TABLE g_node_city;

-- Proposals as the node lists them at the staged head (listproposals), from the governance transactions staged in
-- this batch (governance-transactions.sql), so the snapshot and the transactions agree: create_time is the block
-- time of the ProposalCreate, approvals are the approvers in the order they approved, and the state is the node's at
-- the head: CANCELED once deleted; PENDING before the expiration; then APPROVED with ≥ 18 approvals of the active
-- SRs (ranks 1-27; a partner's approval is listed but does not count), else DISAPPROVED.
CREATE TEMP TABLE g_snap_prop AS
WITH h AS (SELECT max(block_number) AS head, max("timestamp") AS head_ts FROM blocks),
tx AS (SELECT tx_hash, "timestamp", owner_address FROM transactions WHERE contract_type IN (16, 17, 18)),
c AS (
  SELECT p.*, t."timestamp" AS create_time, t.owner_address AS proposer_address
  FROM g_gov_prop p JOIN tx t ON t.tx_hash = sha256('gov:' || {{seed}} || ':c:' || p.proposal_id)
), a AS (
  SELECT a.proposal_id, count(*) FILTER (WHERE a.rank <= 27) AS valid,
         to_json(list(t.owner_address ORDER BY t."timestamp", a.rank))::VARCHAR AS approvals_json
  FROM g_gov_approval a JOIN tx t ON t.tx_hash = sha256('gov:' || {{seed}} || ':a:' || a.proposal_id || ':' || a.rank)
  GROUP BY a.proposal_id
), d AS (
  SELECT p.proposal_id FROM g_gov_prop p JOIN tx t ON t.tx_hash = sha256('gov:' || {{seed}} || ':d:' || p.proposal_id)
)
SELECT h.head AS as_of_block, c.proposal_id, c.proposer_address, c.param_key, c.param_value,
       '[{"key":' || c.param_key || ',"value":' || c.param_value || '}]' AS parameters_json,
       c.create_time, c.expiration_ts AS expiration_time, coalesce(a.approvals_json, '[]') AS approvals_json,
       CASE WHEN d.proposal_id IS NOT NULL THEN 'CANCELED'
            WHEN c.expiration_ts > h.head_ts THEN 'PENDING'
            WHEN coalesce(a.valid, 0) >= 18 THEN 'APPROVED'
            ELSE 'DISAPPROVED' END AS state
FROM c CROSS JOIN h LEFT JOIN a USING (proposal_id) LEFT JOIN d USING (proposal_id);

INSERT INTO proposals BY NAME
SELECT as_of_block, proposal_id, proposer_address, parameters_json, create_time, expiration_time, approvals_json, state FROM g_snap_prop;

-- Chain parameters at the head and at the opening: the mainnet values (tron-chain-data.md §4.1-§4.4), the generator's energy price before
-- its energy proposal, and for each parameter an approved proposal changed (in force from its expiration's
-- maintenance, which the head has passed), the value of the last one.
INSERT INTO chain_parameters BY NAME
WITH base(key, value) AS (VALUES
  ('getMaintenanceTimeInterval', 21600000), ('getCreateAccountFee', 100000), ('getTransactionFee', 1000),
  ('getWitnessPayPerBlock', 8000000), ('getWitness127PayPerBlock', 128000000), ('getEnergyFee', {{energy_price}}),
  ('getMaxFeeLimit', 15000000000), ('getMemoFee', 1000000), ('getFreeNetLimit', 600),
  ('getDynamicEnergyMaxFactor', 12000), ('getUnfreezeDelayDays', 14), ('getProposalExpireTime', 259200000),
  ('getAllowMultiSign', 1), ('getAllowDelegateResource', 1), ('getAllowTvmFreeze', 1)
), changed AS (
  SELECT CASE param_key WHEN 11 THEN 'getEnergyFee' WHEN 47 THEN 'getMaxFeeLimit' WHEN 68 THEN 'getMemoFee' WHEN 61 THEN 'getFreeNetLimit' ELSE 'getDynamicEnergyMaxFactor' END AS key,
         arg_max(param_value, expiration_time) AS value
  FROM g_snap_prop WHERE state = 'APPROVED'
  GROUP BY ALL
)
SELECT (SELECT max(block_number) FROM blocks) AS as_of_block, b.key, coalesce(c.value, b.value)::BIGINT AS value
FROM base b LEFT JOIN changed c ON c.key = b.key
UNION ALL
-- and at the opening (the block before the first one): the values before any proposal of the window, the anchor the
-- chain-parameter history starts from (sql/derive/chain_parameter_history.sql)
SELECT (SELECT min(block_number) - 1 FROM blocks), b.key, b.value FROM base b;

DROP TABLE g_snap_prop;
