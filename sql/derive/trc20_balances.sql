-- Net TRC20 position per (contract, holder) over the lake's transfer history: exact HUGEINT sum of the amounts
-- received minus the amounts sent, starting from the opening balances (trc20_snapshots rows as of a block before
-- the lake's first one; issue 12). The zero address (mint source / burn sink) is not a holder. A negative row is an
-- address whose history starts before the lake's first day and has no opening balance: kept, so the ledger sums to
-- the openings plus mints minus burns.
-- holder_rank numbers the positive balances of a contract (largest first), so a holder page is a rank range that
-- prunes to one row group instead of a top-N over all of a token's holders.
WITH moves AS (
  SELECT contract_address, to_address AS holder_address, CAST(amount_raw AS HUGEINT) AS delta, block_number, "timestamp"
  FROM token_transfers WHERE token_standard = 'trc20'
  UNION ALL
  SELECT contract_address, from_address, -CAST(amount_raw AS HUGEINT), block_number, "timestamp"
  FROM token_transfers WHERE token_standard = 'trc20'
  UNION ALL
  SELECT contract_address, holder_address, CAST(balance_raw AS HUGEINT), as_of_block, (SELECT min("timestamp") FROM blocks) - 3000
  FROM trc20_snapshots WHERE as_of_block < (SELECT min(block_number) FROM blocks)
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
