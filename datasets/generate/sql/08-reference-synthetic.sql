-- Synthetic reference datasets (issue 12), so every code path that reads one is exercised: labels of the token
-- contracts, the witnesses, the burn address and ten user addresses made exchange hot wallets. `tronlake reference
-- load` (or --reference) replaces them with an operator's files.
INSERT INTO address_labels BY NAME
SELECT address, public_tag, category, entity, 'synthetic' AS source FROM (
  SELECT t.token_id AS address, t.name || ' (' || t.symbol || ')' AS public_tag, 'token' AS category, t.name AS entity
  FROM tokens t WHERE t.token_standard <> 'trc10' AND t.level < 3
  UNION ALL
  SELECT w.address, w.name, 'witness', w.name FROM witnesses w WHERE w.rank <= 127
  UNION ALL
  SELECT a.b58, 'Black Hole', 'burn', '' FROM g_addr a WHERE a.i = {{r_zero}}
  UNION ALL
  SELECT a.b58, 'Exchange ' || chr(65 + a.i) || '-Hot', 'exchange', 'Exchange ' || chr(65 + a.i) FROM g_addr a WHERE a.i BETWEEN 0 AND 9
)
QUALIFY row_number() OVER (PARTITION BY address ORDER BY category, public_tag) = 1;

-- Whole-chain totals before the generated window (synthetic: proportional to the first block's height).
INSERT INTO chain_anchors BY NAME
SELECT name, value_raw, {{first_number}} - 1 AS as_of_block, 'synthetic' AS source FROM (VALUES
  ('tx_count', CAST(({{first_number}} - 1)::HUGEINT * 95 AS VARCHAR)),
  ('account_count', CAST(({{first_number}} - 1)::HUGEINT * 4 AS VARCHAR)),
  ('blockchain_bytes', CAST(({{first_number}} - 1)::HUGEINT * 41000 AS VARCHAR))
) v(name, value_raw);
