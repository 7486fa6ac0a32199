-- Net TRC1155 position per (contract, token id, holder): quantities received minus sent, exact (HUGEINT), starting
-- from the opening quantities (trc1155_snapshots rows as of a block before the lake's first one; issue 12).
-- The zero address (mints, burns) is not a holder. A negative row is an address whose history starts before the
-- lake and has no opening quantity.
WITH moves AS (
  SELECT contract_address, token_id, to_address AS holder_address, CAST(amount_raw AS HUGEINT) AS delta, "timestamp"
  FROM token_transfers WHERE token_standard = 'trc1155'
  UNION ALL
  SELECT contract_address, token_id, from_address, -CAST(amount_raw AS HUGEINT), "timestamp"
  FROM token_transfers WHERE token_standard = 'trc1155'
  UNION ALL
  SELECT contract_address, token_id, holder_address, CAST(balance_raw AS HUGEINT), (SELECT min("timestamp") FROM blocks) - 3000
  FROM trc1155_snapshots WHERE as_of_block < (SELECT min(block_number) FROM blocks)
)
SELECT contract_address, token_id, holder_address, CAST(sum(delta) AS VARCHAR) AS balance_raw, CAST(sum(delta) AS DOUBLE) AS balance,
       max("timestamp") AS update_ts
FROM moves
WHERE holder_address <> zero_address()
GROUP BY contract_address, token_id, holder_address
HAVING sum(delta) <> 0
