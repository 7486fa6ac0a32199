-- Net TRC10 position per (token id, holder): successful TransferAssetContract (type 2) amounts received minus sent,
-- plus the issued supply credited to the issuer (a TRC10 token is created whole in its issuer's account, and the
-- chain holds no mint events for it). Negative rows are addresses whose history starts before the lake.
WITH moves AS (
  SELECT token_id, to_address AS holder_address, CAST(amount AS HUGEINT) AS delta, block_number, "timestamp"
  FROM transactions WHERE contract_type = 2 AND contract_ret = 'SUCCESS' AND token_id IS NOT NULL
  UNION ALL
  SELECT token_id, owner_address, -CAST(amount AS HUGEINT), block_number, "timestamp"
  FROM transactions WHERE contract_type = 2 AND contract_ret = 'SUCCESS' AND token_id IS NOT NULL
  UNION ALL
  SELECT token_id, issuer_address, CAST(total_supply_raw AS HUGEINT), 0, created_ts
  FROM tokens WHERE token_standard = 'trc10'
)
SELECT token_id, holder_address, CAST(sum(delta) AS VARCHAR) AS balance_raw, CAST(sum(delta) AS DOUBLE) AS balance,
       max(block_number) AS update_block, max("timestamp") AS update_ts
FROM moves
GROUP BY token_id, holder_address
HAVING sum(delta) <> 0
