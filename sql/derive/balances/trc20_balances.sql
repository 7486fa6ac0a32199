-- Net position per (contract, holder), exact HUGEINT, moved by Transfers and by the stablecoin events that move a
-- balance without one, anchored on the newest balance the lake holds for it
-- (trc20_snapshots, issues 12 and 14): that balance plus the transfers after its block. An opening balance (a row as
-- of a block before the lake's first one: generator lakes, operator files) is such an anchor for every transfer of
-- the lake; an ingested lake's `balanceOf` at a published solid head (tracked tokens) anchors the holders the new
-- blocks touched, so history before the lake no longer shows as a negative or short balance. Without an anchor: the
-- amounts received minus the amounts sent. A transfer at or before the anchor's block adds nothing (the node's
-- balance holds it) but still dates the position (update_block / update_ts: its last transfer or anchor). The zero address (mint source / burn sink; the rows of
-- totalSupply) is not a holder. A negative row is an address whose history starts before the lake's first day and
-- has no anchor: kept, so the ledger sums to the anchors plus mints minus burns.
-- holder_rank numbers the positive balances of a contract (largest first), so a holder page is a rank range that
-- prunes to one row group instead of a top-N over all of a token's holders.
WITH anchors AS (
  SELECT contract_address, holder_address, max(as_of_block) AS as_of_block, arg_max(balance_raw, as_of_block) AS balance_raw
  FROM trc20_snapshots WHERE holder_address <> zero_address() GROUP BY contract_address, holder_address
),
flows AS (
  SELECT contract_address, to_address AS holder_address, CAST(amount_raw AS HUGEINT) AS delta, block_number, "timestamp"
  FROM token_transfers WHERE token_standard = 'trc20'
  UNION ALL
  SELECT contract_address, from_address, -CAST(amount_raw AS HUGEINT), block_number, "timestamp"
  FROM token_transfers WHERE token_standard = 'trc20'
  UNION ALL
  -- Stablecoin moves without a Transfer (USDJ Mint / Burn, USDT DestroyedBlackFunds; issue 31): stablecoin_events
  -- rows with a balance_effect move the target's balance like a transfer would.
  SELECT contract_address, target_address, CASE balance_effect WHEN 'credit' THEN 1 ELSE -1 END * CAST(amount_raw AS HUGEINT),
         block_number, "timestamp"
  FROM stablecoin_events WHERE balance_effect IS NOT NULL
),
moves AS (
  SELECT f.contract_address, f.holder_address, CASE WHEN a.as_of_block IS NULL OR f.block_number > a.as_of_block THEN f.delta ELSE 0 END AS delta,
         f.block_number, f."timestamp"
  FROM flows f LEFT JOIN anchors a ON a.contract_address = f.contract_address AND a.holder_address = f.holder_address
  UNION ALL
  -- An anchor dates the position too: an opening 3 s before the first block, a later one at its block's time.
  SELECT a.contract_address, a.holder_address, CAST(a.balance_raw AS HUGEINT), a.as_of_block,
         CASE WHEN a.as_of_block < (SELECT min(block_number) FROM blocks) THEN (SELECT min("timestamp") FROM blocks) - 3000 ELSE b."timestamp" END
  FROM anchors a LEFT JOIN (SELECT block_number, "timestamp" FROM blocks WHERE block_number IN (SELECT as_of_block FROM anchors)) b
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
