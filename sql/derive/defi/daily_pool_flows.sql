-- Additive per-day pool flows (issue 34) from dex_pool_events: per pool and token leg, the swap amounts into and out of
-- the pool, liquidity added and removed (exact HUGEINT sums stored as DECIMAL(38,0)), and the swap events with a leg of
-- the token. Reserve rows (Sync, Snapshot: the reserve after, not a flow) are left out. A day whose DOUBLE sum of a
-- column passes 9e37 stops the publish rather than wrap.
WITH legs AS (
  SELECT CAST(CAST(epoch_ms("timestamp") AS DATE) AS VARCHAR) AS day,
         epoch_ms(CAST(CAST(epoch_ms("timestamp") AS DATE) AS TIMESTAMP)) AS day_ts,
         project, venue, pool_address, token_address, action, direction, tx_hash, log_index,
         CAST(amount_raw AS HUGEINT) AS amt, amount_raw
  FROM dex_pool_events
  WHERE direction IN ('in', 'out')
)
SELECT day, day_ts, project, venue, pool_address, token_address,
       CASE WHEN sum(CAST(amount_raw AS DOUBLE)) < 9e37 THEN CAST(coalesce(sum(amt) FILTER (WHERE action = 'swap' AND direction = 'in'), 0) AS DECIMAL(38,0))
            ELSE error('daily_pool_flows: one day of a pool moves 9e37 units or more') END AS swap_in,
       CAST(coalesce(sum(amt) FILTER (WHERE action = 'swap' AND direction = 'out'), 0) AS DECIMAL(38,0)) AS swap_out,
       CAST(coalesce(sum(amt) FILTER (WHERE action = 'add_liquidity'), 0) AS DECIMAL(38,0)) AS liquidity_added,
       CAST(coalesce(sum(amt) FILTER (WHERE action = 'remove_liquidity'), 0) AS DECIMAL(38,0)) AS liquidity_removed,
       count(DISTINCT (tx_hash, log_index)) FILTER (WHERE action = 'swap') AS trade_count
FROM legs
GROUP BY ALL
