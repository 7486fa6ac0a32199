-- Dimensions. Witness votes decrease with rank (4.5 % per rank, jitter below the gap keeps the order).
INSERT INTO witnesses BY NAME
SELECT a.b58 AS address, w.name, w.url, w.rank,
       CASE WHEN w.rank <= 27 THEN 1 WHEN w.rank <= 127 THEN 2 ELSE 3 END AS witness_type,
       floor(3300000000 * pow(0.955, w.rank - 1) * (1 - 0.015 * uf(mix(hash('votes:' || {{seed}}), w.rank), 0)))::BIGINT AS votes,
       w.brokerage, w.created_ts
FROM g_wit w JOIN g_addr a ON a.i = {{r_witness}} - w.rank;

INSERT INTO tokens BY NAME
SELECT coalesce(m.trc10_id, c.b58) AS token_id, m.standard AS token_standard, m.name, m.symbol, m.decimals,
       i.b58 AS issuer_address, m.logo AS logo_url, m.level, m.vip, m.can_show, m.total_supply_raw, m.created_ts
FROM g_token_meta m
JOIN g_addr i ON i.i = {{r_issuer}} - m.tid
LEFT JOIN g_addr c ON c.i = {{r_token}} - m.tid;

INSERT INTO contracts BY NAME
SELECT a.b58 AS address, m.name, d.b58 AS creator_address, m.created_ts, false AS is_token, m.tag
FROM g_contract_meta m JOIN g_addr a ON a.i = m.role JOIN g_addr d ON d.i = m.creator_role
UNION ALL BY NAME
SELECT c.b58 AS address, m.name, i.b58 AS creator_address, m.created_ts, true AS is_token,
       CASE WHEN m.level >= 3 THEN '' ELSE m.symbol || ' Token' END AS tag
FROM g_token_meta m JOIN g_addr c ON c.i = {{r_token}} - m.tid JOIN g_addr i ON i.i = {{r_issuer}} - m.tid
WHERE m.standard <> 'trc10'
UNION ALL BY NAME
SELECT p.b58 AS address, 'SunswapV2Pair' AS name, f.b58 AS creator_address, greatest(m.created_ts, {{v2_factory_ts}}) AS created_ts,
       false AS is_token, m.symbol || '/WTRX LP' AS tag
FROM g_token_meta m JOIN g_addr p ON p.i = {{r_pair}} - m.tid JOIN g_addr f ON f.i = {{r_v2_factory}}
UNION ALL BY NAME
SELECT a.b58 AS address, created_name(t.h) AS name, o.b58 AS creator_address, t."timestamp" AS created_ts,
       false AS is_token, '' AS tag
FROM g_tx0 t JOIN g_addr a ON a.i = t.contract_i JOIN g_addr o ON o.i = t.owner_i
WHERE t.kid = 12;
