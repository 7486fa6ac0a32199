-- The TRC10 ledger over the CTE `moves` (token_id, holder_address, delta, block_number, "timestamp") of the statement
-- around it, for its WITH list's last entry and final SELECT: each holder's exact balance (zero balances dropped) and
-- its rank among the token's positive holders (exact balance desc, holder desc), which /api/tokenholders pages by.
-- trc10_balances (full) and its merge read it, so the rank rule is written once.
ledger AS (
  SELECT token_id, holder_address, sum(delta) AS bal, max(block_number) AS update_block, max("timestamp") AS update_ts
  FROM moves
  GROUP BY token_id, holder_address
  HAVING sum(delta) <> 0
)
SELECT token_id, holder_address, CAST(bal AS VARCHAR) AS balance_raw, CAST(bal AS DOUBLE) AS balance, update_block, update_ts,
       CASE WHEN bal > 0 THEN row_number() OVER (PARTITION BY token_id, bal > 0 ORDER BY bal DESC, holder_address DESC) END AS holder_rank
FROM ledger
