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
ledger AS (
  SELECT token_id, holder_address, sum(delta) AS bal, max(block_number) AS update_block, max("timestamp") AS update_ts
  FROM moves
  GROUP BY token_id, holder_address
  HAVING sum(delta) <> 0
)
SELECT token_id, holder_address, CAST(bal AS VARCHAR) AS balance_raw, CAST(bal AS DOUBLE) AS balance, update_block, update_ts,
       CASE WHEN bal > 0 THEN row_number() OVER (PARTITION BY token_id, bal > 0 ORDER BY bal DESC, holder_address DESC) END AS holder_rank
FROM ledger
