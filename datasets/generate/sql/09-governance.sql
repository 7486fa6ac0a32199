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

-- Proposals: one every 10 days of the window (3-day approval period). The first n SRs by rank approve (n from 14 to
-- 25), and on odd ones the first partner too, whose approval does not count. Every fourth (k % 4 = 2) is deleted by
-- its proposer: CANCELED; one still in its approval period at the head: PENDING; otherwise ≥ 18 SR approvals →
-- APPROVED, else DISAPPROVED. Ids continue a plausible pre-window count.
CREATE TEMP TABLE g_prop AS
WITH w AS (SELECT min("timestamp") AS lo, max("timestamp") AS hi FROM blocks),
     k AS (SELECT range AS k FROM range(1000))
SELECT k.k, 100 + k.k AS proposal_id, w.lo + 2 * 86400000 + k.k * 10 * 86400000 + 3600000 * (k.k % 7) AS create_time,
       14 + floor(uf(mix(hash('prop:' || {{seed}}), k.k), 0) * 12)::INTEGER AS n_sr,
       [47, 68, 61, 75][1 + k.k % 4] AS param_key,
       [15000000000 + 1000000000 * k.k, 1000000 + 500000 * k.k, 600 + 100 * k.k, 12000 + 1000 * k.k][1 + k.k % 4] AS param_value,
       w.hi AS head_ts
FROM k, w
WHERE w.lo + 2 * 86400000 + k.k * 10 * 86400000 < w.hi;

INSERT INTO proposals BY NAME
SELECT (SELECT max(block_number) FROM blocks) AS as_of_block, p.proposal_id,
       (SELECT address FROM witnesses WHERE rank = 1 + (p.k * 7) % 27) AS proposer_address,
       '[{"key":' || p.param_key || ',"value":' || p.param_value || '}]' AS parameters_json,
       p.create_time, p.create_time + 3 * 86400000 AS expiration_time,
       (SELECT to_json(list(address ORDER BY rank))::VARCHAR FROM witnesses WHERE rank <= p.n_sr OR (rank = 28 AND p.k % 2 = 1)) AS approvals_json,
       CASE WHEN p.k % 4 = 2 THEN 'CANCELED'
            WHEN p.create_time + 3 * 86400000 > p.head_ts THEN 'PENDING'
            WHEN p.n_sr >= 18 THEN 'APPROVED'
            ELSE 'DISAPPROVED' END AS state
FROM g_prop p;

-- Chain parameters at the head: the mainnet values (tron-chain-data.md §4.1-§4.4), the generator's energy price, and
-- for each parameter an approved proposal changed, the value of the last one.
INSERT INTO chain_parameters BY NAME
WITH base(key, value) AS (VALUES
  ('getMaintenanceTimeInterval', 21600000), ('getCreateAccountFee', 100000), ('getTransactionFee', 1000),
  ('getWitnessPayPerBlock', 8000000), ('getWitness127PayPerBlock', 128000000), ('getEnergyFee', 100),
  ('getMaxFeeLimit', 15000000000), ('getMemoFee', 1000000), ('getFreeNetLimit', 600),
  ('getDynamicEnergyMaxFactor', 12000), ('getUnfreezeDelayDays', 14), ('getProposalExpireTime', 259200000),
  ('getAllowMultiSign', 1), ('getAllowDelegateResource', 1), ('getAllowTvmFreeze', 1)
), changed AS (
  SELECT CASE p.param_key WHEN 47 THEN 'getMaxFeeLimit' WHEN 68 THEN 'getMemoFee' WHEN 61 THEN 'getFreeNetLimit' ELSE 'getDynamicEnergyMaxFactor' END AS key,
         arg_max(p.param_value, p.proposal_id) AS value
  FROM g_prop p
  WHERE p.k % 4 <> 2 AND p.n_sr >= 18 AND ((p.create_time + 3 * 86400000) // 21600000 + 1) * 21600000 <= p.head_ts -- in force from the maintenance after approval
  GROUP BY ALL
)
SELECT (SELECT max(block_number) FROM blocks) AS as_of_block, b.key, coalesce(c.value, b.value)::BIGINT AS value
FROM base b LEFT JOIN changed c ON c.key = b.key;

DROP TABLE g_prop;
