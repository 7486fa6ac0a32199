-- trc20_balances.sql with the history replaced by the previous version's ledger: its rows are the sums of every
-- earlier move (a key that summed to zero is absent, and adds nothing), so the new moves are added to them.
-- A position anchored by this publish (trc20_snapshots rows as of a block above the previous version's head: the
-- ingester's balanceOf at the published solid head) restarts from the anchor: its previous sum and the new transfers
-- at or before the anchor's block add nothing (the node's balance holds them); they still date it. publish.ts
-- derives in full instead when anchors at or below the previous head changed (an opening loaded late).
-- update_block / update_ts stay maxima: the new blocks are above every earlier one.
WITH anchors AS (
  SELECT contract_address, holder_address, max(as_of_block) AS as_of_block, arg_max(balance_raw, as_of_block) AS balance_raw
  FROM trc20_snapshots WHERE as_of_block > derive_prev_head() AND holder_address <> zero_address()
  GROUP BY contract_address, holder_address
),
flows AS (
  SELECT contract_address, to_address AS holder_address, CAST(amount_raw AS HUGEINT) AS delta, block_number, "timestamp"
  FROM delta.token_transfers WHERE token_standard = 'trc20'
  UNION ALL
  SELECT contract_address, from_address, -CAST(amount_raw AS HUGEINT), block_number, "timestamp"
  FROM delta.token_transfers WHERE token_standard = 'trc20'
  UNION ALL
  SELECT contract_address, target_address, CASE balance_effect WHEN 'credit' THEN 1 ELSE -1 END * CAST(amount_raw AS HUGEINT),
         block_number, "timestamp"
  FROM delta.stablecoin_events WHERE balance_effect IS NOT NULL
),
moves AS (
  SELECT f.contract_address, f.holder_address, CASE WHEN a.as_of_block IS NULL OR f.block_number > a.as_of_block THEN f.delta ELSE 0 END AS delta,
         f.block_number, f."timestamp"
  FROM flows f LEFT JOIN anchors a ON a.contract_address = f.contract_address AND a.holder_address = f.holder_address
  UNION ALL
  SELECT p.contract_address, p.holder_address, CASE WHEN a.as_of_block IS NULL THEN CAST(p.balance_raw AS HUGEINT) ELSE 0 END,
         p.update_block, p.update_ts
  FROM prev.trc20_balances p LEFT JOIN anchors a ON a.contract_address = p.contract_address AND a.holder_address = p.holder_address
  UNION ALL
  SELECT a.contract_address, a.holder_address, CAST(a.balance_raw AS HUGEINT), a.as_of_block, b."timestamp"
  FROM anchors a LEFT JOIN (SELECT block_number, "timestamp" FROM delta.blocks WHERE block_number IN (SELECT as_of_block FROM anchors)) b
    ON b.block_number = a.as_of_block
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
