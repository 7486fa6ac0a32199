-- trc20_balances.sql with the history replaced by the previous version's ledger: its rows are the sums of every
-- earlier move (a key that summed to zero is absent, and adds nothing), so the new moves are added to them.
-- update_block / update_ts stay maxima: the new blocks are above every earlier one.
WITH moves AS (
  SELECT contract_address, to_address AS holder_address, CAST(amount_raw AS HUGEINT) AS delta, block_number, "timestamp"
  FROM delta.token_transfers WHERE token_standard = 'trc20'
  UNION ALL
  SELECT contract_address, from_address, -CAST(amount_raw AS HUGEINT), block_number, "timestamp"
  FROM delta.token_transfers WHERE token_standard = 'trc20'
  UNION ALL
  SELECT contract_address, holder_address, CAST(balance_raw AS HUGEINT), update_block, update_ts
  FROM prev.trc20_balances
),
ledger AS (
  SELECT contract_address, holder_address, sum(delta) AS bal, max(block_number) AS update_block, max("timestamp") AS update_ts
  FROM moves
  WHERE holder_address <> zero_address()
  GROUP BY contract_address, holder_address
  HAVING sum(delta) <> 0
)
SELECT contract_address, holder_address, CAST(bal AS VARCHAR) AS balance_raw, CAST(bal AS DOUBLE) AS balance,
       update_block, update_ts,
       CASE WHEN bal > 0 THEN row_number() OVER (PARTITION BY contract_address, bal > 0 ORDER BY bal DESC, holder_address) END AS holder_rank
FROM ledger
