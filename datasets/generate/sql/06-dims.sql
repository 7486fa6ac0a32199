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

-- DeFi tokens (issue 34): every SunSwap V2 pair is its own TRC-20 LP token (defi-stablecoin-events.md §2.1), the SUN.io
-- stable pools mint a separate LP token (§3.1), a JustLend market is its jToken (8 decimals, §5.0). Names, symbols and
-- the head supplies are synthetic; opening-state.sql sizes the opening holdings from them as for any TRC-20 (the
-- issuer, here the V2 factory, the stable pool or the market itself, holds the rest). A stable LP's head supply is its
-- opening supply (the 40 M / 25 M of defi-events.sql) plus the batch's mints minus its burns, so the AddLiquidity /
-- RemoveLiquidity `token_supply` of a one-batch lake equals the opening holdings plus the LP Transfers before it.
INSERT INTO tokens BY NAME
SELECT p.b58 AS token_id, 'trc20' AS token_standard, 'SunSwap V2 ' || m.symbol || '/WTRX LP' AS name, m.symbol || '-WTRX-LP' AS symbol,
       18 AS decimals, f.b58 AS issuer_address, '' AS logo_url, 1 AS level, false AS vip, 1 AS can_show,
       '1000000000000000000000000' AS total_supply_raw, greatest(m.created_ts, {{v2_factory_ts}}) AS created_ts
FROM g_token_meta m JOIN g_addr p ON p.i = {{r_pair}} - m.tid JOIN g_addr f ON f.i = {{r_v2_factory}}
UNION ALL BY NAME
SELECT a.b58 AS token_id, 'trc20' AS token_standard, x.name, x.symbol, x.decimals, i.b58 AS issuer_address, '' AS logo_url,
       1 AS level, false AS vip, 1 AS can_show,
       coalesce((SELECT max_by(l.supply, l.block_number * 1000000 + l.tx_index) FROM g_defi_lp l JOIN g_defi d USING (block_number, tx_index)
                 WHERE d.lp_i = x.role), x.supply)::VARCHAR AS total_supply_raw, c.created_ts
FROM (VALUES ({{r_stable2_lp}}, {{r_stable2}}, 'SUN.io USDD 2pool LP', 'USDD2POOL-LP', 18, 40000000000000000000000000::HUGEINT),
             ({{r_stable3_lp}}, {{r_stable3}}, 'SUN.io 3pool LP', '3POOL-LP', 18, 25000000000000000000000000::HUGEINT),
             ({{r_jtrx}}, {{r_jtrx}}, 'jTRX', 'jTRX', 8, 500000000000000000::HUGEINT),
             ({{r_jusdt}}, {{r_jusdt}}, 'jUSDT', 'jUSDT', 8, 100000000000000000::HUGEINT)) x(role, issuer, name, symbol, decimals, supply)
JOIN g_addr a ON a.i = x.role JOIN g_addr i ON i.i = x.issuer JOIN g_contract_meta c ON c.role = x.role;

UPDATE contracts SET is_token = true
WHERE address IN (SELECT a.b58 FROM g_addr a WHERE a.i IN ({{r_stable2_lp}}, {{r_stable3_lp}}, {{r_jtrx}}, {{r_jusdt}}))
   OR name = 'SunswapV2Pair';
