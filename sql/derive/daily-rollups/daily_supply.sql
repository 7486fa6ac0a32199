-- TRX minted and burned per UTC day (issue 33), sun, exact. Minted: per block, the block reward
-- (getWitnessPayPerBlock, #5) and the vote reward (getWitness127PayPerBlock, #31) in force at the block's time
-- (chain_parameter_history: the row with the greatest from_ts at or before it, a snapshot row winning a tie); the
-- genesis block pays none; a block without a known value adds none and is counted in reward_unknown_blocks.
-- Burned: every transaction's fee (= energy_fee + net_fee + the fees of its kind), split where the columns say it
-- exactly: energy and bandwidth from the receipt; a memo's fee = getMemoFee in force (capped at the fee beyond energy
-- and bandwidth); the rest by contract type (0 account creation, 5 SR application, 6 TRC10 issue), else other
-- (multisig fees: the lake keeps no signature count; accounts created by a transfer; permission updates; exchanges).
-- Additive: run over the new blocks' rows, added to the day's previous sums.
WITH params AS (
  SELECT CASE WHEN key = 'getWitnessPayPerBlock' OR parameter = 5 THEN 'block'
              WHEN key = 'getWitness127PayPerBlock' OR parameter = 31 THEN 'vote'
              WHEN key = 'getMemoFee' OR parameter = 68 THEN 'memo' END AS what,
         from_ts, value
  FROM chain_parameter_history
  WHERE key IN ('getWitnessPayPerBlock', 'getWitness127PayPerBlock', 'getMemoFee') OR parameter IN (5, 31, 68)
  QUALIFY row_number() OVER (PARTITION BY what, from_ts ORDER BY (source = 'snapshot') DESC, value) = 1
), block_pay AS (
  SELECT from_ts, value FROM params WHERE what = 'block'
), vote_pay AS (
  SELECT from_ts, value FROM params WHERE what = 'vote'
), memo_fee AS (
  SELECT from_ts, value FROM params WHERE what = 'memo'
), blk AS (
  SELECT CAST(CAST(epoch_ms(b."timestamp") AS DATE) AS VARCHAR) AS day,
         count(*) AS block_count,
         count(*) FILTER (WHERE b.block_number > 0 AND (bp.value IS NULL OR vp.value IS NULL)) AS reward_unknown_blocks,
         coalesce(sum(bp.value) FILTER (WHERE b.block_number > 0 AND bp.value IS NOT NULL AND vp.value IS NOT NULL), 0) AS block_pay,
         coalesce(sum(vp.value) FILTER (WHERE b.block_number > 0 AND bp.value IS NOT NULL AND vp.value IS NOT NULL), 0) AS node_pay
  FROM blocks b
  ASOF LEFT JOIN block_pay bp ON b."timestamp" >= bp.from_ts
  ASOF LEFT JOIN vote_pay vp ON b."timestamp" >= vp.from_ts
  GROUP BY ALL
), receipts AS (
  SELECT CAST(CAST(epoch_ms("timestamp") AS DATE) AS VARCHAR) AS day,
         sum(energy_fee) AS burn_energy, sum(net_fee) AS burn_bandwidth, sum(fee) AS burn_total
  FROM transactions
  GROUP BY ALL
), extra AS (
  -- The transactions with a fee beyond energy and bandwidth (a few in a thousand), the memo's share taken first.
  SELECT CAST(CAST(epoch_ms(t."timestamp") AS DATE) AS VARCHAR) AS day, t.contract_type,
         t.fee - t.energy_fee - t.net_fee AS beyond,
         CASE WHEN t.memo <> '' THEN least(coalesce(mf.value, 0), t.fee - t.energy_fee - t.net_fee) ELSE 0 END AS memo
  FROM transactions t
  ASOF LEFT JOIN memo_fee mf ON t."timestamp" >= mf.from_ts
  WHERE t.fee - t.energy_fee - t.net_fee <> 0
), kinds AS (
  SELECT day,
         sum(memo) AS burn_memo,
         sum(beyond - memo) FILTER (WHERE contract_type = 0) AS burn_account_creation,
         sum(beyond - memo) FILTER (WHERE contract_type = 5) AS burn_sr_application,
         sum(beyond - memo) FILTER (WHERE contract_type = 6) AS burn_trc10_issue,
         sum(beyond - memo) FILTER (WHERE contract_type NOT IN (0, 5, 6)) AS burn_other
  FROM extra
  GROUP BY ALL
)
SELECT blk.day,
       epoch_ms(CAST(CAST(blk.day AS DATE) AS TIMESTAMP)) AS day_ts,
       blk.block_count,
       blk.reward_unknown_blocks,
       blk.block_pay::BIGINT AS block_pay,
       blk.node_pay::BIGINT AS node_pay,
       coalesce(r.burn_energy, 0)::BIGINT AS burn_energy,
       coalesce(r.burn_bandwidth, 0)::BIGINT AS burn_bandwidth,
       coalesce(k.burn_memo, 0)::BIGINT AS burn_memo,
       coalesce(k.burn_account_creation, 0)::BIGINT AS burn_account_creation,
       coalesce(k.burn_sr_application, 0)::BIGINT AS burn_sr_application,
       coalesce(k.burn_trc10_issue, 0)::BIGINT AS burn_trc10_issue,
       coalesce(k.burn_other, 0)::BIGINT AS burn_other,
       coalesce(r.burn_total, 0)::BIGINT AS burn_total
FROM blk
LEFT JOIN receipts r USING (day)
LEFT JOIN kinds k USING (day)
