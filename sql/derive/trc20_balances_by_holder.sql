-- The positive TRC20 balances of trc20_balances (same rows, same ranks), clustered by holder: the tokens of one
-- address read a few row groups. The SELECT repeats trc20_balances.sql because a derived table reads raw tables only.
WITH moves AS (
  SELECT contract_address, to_address AS holder_address, CAST(amount_raw AS HUGEINT) AS delta, block_number, "timestamp"
  FROM token_transfers WHERE token_standard = 'trc20'
  UNION ALL
  SELECT contract_address, from_address, -CAST(amount_raw AS HUGEINT), block_number, "timestamp"
  FROM token_transfers WHERE token_standard = 'trc20'
),
ledger AS (
  SELECT contract_address, holder_address, sum(delta) AS bal, max(block_number) AS update_block, max("timestamp") AS update_ts
  FROM moves
  WHERE holder_address <> 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb'
  GROUP BY contract_address, holder_address
  HAVING sum(delta) > 0
)
SELECT contract_address, holder_address, CAST(bal AS VARCHAR) AS balance_raw, CAST(bal AS DOUBLE) AS balance,
       update_block, update_ts, row_number() OVER (PARTITION BY contract_address ORDER BY bal DESC, holder_address) AS holder_rank
FROM ledger
