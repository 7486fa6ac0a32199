-- Net TRC10 position per (token id, holder): successful TransferAssetContract (type 2) amounts received minus sent,
-- starting from the opening balances: the accounts' TRC10 balances (account_snapshots.assets_json, assetV2) as of a
-- block before the lake's first one (issue 12). A token without an opening row is credited whole to its issuer at
-- its creation (the chain creates a TRC10 token in its issuer's account and holds no mint events for it). A negative
-- row is an address whose history starts before the lake and has no opening balance.
-- holder_rank numbers a token's positive balances (largest first, exact), so a holders page is a rank range that the
-- ledger's (token, rank) order prunes to a row group or two (/api/tokenholders).
WITH openings AS (
  SELECT a.key AS token_id, s.address AS holder_address, CAST(a.value AS HUGEINT) AS delta, s.as_of_block AS block_number
  FROM account_snapshots s, LATERAL (SELECT unnest(from_json(s.assets_json, '[{"key":"VARCHAR","value":"VARCHAR"}]'), recursive := true)) a
  WHERE s.as_of_block < (SELECT min(block_number) FROM blocks) AND s.assets_json IS NOT NULL
),
moves AS (
  SELECT token_id, to_address AS holder_address, CAST(amount AS HUGEINT) AS delta, block_number, "timestamp"
  FROM transactions WHERE contract_type = 2 AND contract_ret = 'SUCCESS' AND token_id IS NOT NULL
  UNION ALL
  SELECT token_id, owner_address, -CAST(amount AS HUGEINT), block_number, "timestamp"
  FROM transactions WHERE contract_type = 2 AND contract_ret = 'SUCCESS' AND token_id IS NOT NULL
  UNION ALL
  SELECT token_id, holder_address, delta, block_number, (SELECT min("timestamp") FROM blocks) - 3000 FROM openings
  UNION ALL
  SELECT token_id, issuer_address, CAST(total_supply_raw AS HUGEINT), 0, created_ts
  FROM tokens WHERE token_standard = 'trc10' AND token_id NOT IN (SELECT token_id FROM openings)
),
{{> fragments/trc10-ledger}}
