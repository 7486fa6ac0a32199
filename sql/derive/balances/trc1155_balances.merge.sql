-- trc1155_balances.sql with the history replaced by the previous version's ledger (see merge/trc20_balances.sql).
WITH moves AS (
  SELECT contract_address, token_id, to_address AS holder_address, CAST(amount_raw AS HUGEINT) AS delta, "timestamp"
  FROM delta.token_transfers WHERE token_standard = 'trc1155'
  UNION ALL
  SELECT contract_address, token_id, from_address, -CAST(amount_raw AS HUGEINT), "timestamp"
  FROM delta.token_transfers WHERE token_standard = 'trc1155'
  UNION ALL
  SELECT contract_address, token_id, holder_address, CAST(balance_raw AS HUGEINT), update_ts
  FROM prev.trc1155_balances
)
SELECT contract_address, token_id, holder_address, CAST(sum(delta) AS VARCHAR) AS balance_raw, CAST(sum(delta) AS DOUBLE) AS balance,
       max("timestamp") AS update_ts
FROM moves
WHERE holder_address <> zero_address()
GROUP BY contract_address, token_id, holder_address
HAVING sum(delta) <> 0
