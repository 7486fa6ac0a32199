-- trc10_balances.sql with the history replaced by the previous version's ledger, which holds the opening balances
-- and the issued supply credited to an issuer; a change of the tokens dimension adds the new credit and takes back
-- the old one (only for tokens without opening balances, as in the full derive; a publish that changes the openings
-- derives the ledger in full: src/lake/publish.ts anchorsChanged).
WITH opened AS (
  SELECT DISTINCT a.key AS token_id
  FROM account_snapshots s, LATERAL (SELECT unnest(from_json(s.assets_json, '[{"key":"VARCHAR"}]'), recursive := true)) a
  WHERE s.as_of_block < (SELECT min(block_number) FROM blocks) AND s.assets_json IS NOT NULL
),
moves AS (
  SELECT token_id, to_address AS holder_address, CAST(amount AS HUGEINT) AS delta, block_number, "timestamp"
  FROM delta.transactions WHERE contract_type = 2 AND contract_ret = 'SUCCESS' AND token_id IS NOT NULL
  UNION ALL
  SELECT token_id, owner_address, -CAST(amount AS HUGEINT), block_number, "timestamp"
  FROM delta.transactions WHERE contract_type = 2 AND contract_ret = 'SUCCESS' AND token_id IS NOT NULL
  UNION ALL
  SELECT token_id, holder_address, CAST(balance_raw AS HUGEINT), update_block, update_ts
  FROM prev.trc10_balances
  UNION ALL
  SELECT token_id, issuer_address, CAST(total_supply_raw AS HUGEINT), 0, created_ts
  FROM tokens WHERE token_standard = 'trc10' AND token_id NOT IN (SELECT token_id FROM opened)
  UNION ALL
  SELECT token_id, issuer_address, -CAST(total_supply_raw AS HUGEINT), 0, created_ts
  FROM prev.tokens WHERE token_standard = 'trc10' AND token_id NOT IN (SELECT token_id FROM opened)
),
{{> fragments/trc10-ledger}}
