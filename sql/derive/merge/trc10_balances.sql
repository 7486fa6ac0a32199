-- trc10_balances.sql with the history replaced by the previous version's ledger. The issued supply credited to an
-- issuer is already in that ledger; a change of the tokens dimension adds the new credit and takes back the old one.
WITH moves AS (
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
  FROM tokens WHERE token_standard = 'trc10'
  UNION ALL
  SELECT token_id, issuer_address, -CAST(total_supply_raw AS HUGEINT), 0, created_ts
  FROM prev.tokens WHERE token_standard = 'trc10'
)
SELECT token_id, holder_address, CAST(sum(delta) AS VARCHAR) AS balance_raw, CAST(sum(delta) AS DOUBLE) AS balance,
       max(block_number) AS update_block, max("timestamp") AS update_ts
FROM moves
GROUP BY token_id, holder_address
HAVING sum(delta) <> 0
