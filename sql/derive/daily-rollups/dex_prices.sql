-- Issue 33: prices from the chain's own market. Per UTC hour and day, asset and SunSwap V2 pool of the registry
-- (sunswap_v2_pools(), src/chain/sunswap-pools.ts) or of the lake's dex_pools reference: open / high / low / close / volume-weighted price in TRX and USD,
-- volume, trade count, from the pools' Swap logs (topic0 d78ad95f…, data = amount0In, amount1In, amount0Out,
-- amount1Out, ref §2.1). A trade's price = the WTRX it moved / the token it moved (net of in and out per side, opposite
-- directions; a log whose words pass 2^127 or moves one side only is no trade), in each token's decimals. TRX's row
-- ('_') is priced in USD by the usd_quote pool (USDT read as 1 USD); a token's USD fields are its TRX figure × TRX's
-- USD figure of the same period (OHLC × the period's close, VWAP × VWAP; NULL without a USD trade in the period).
-- Exact: integer amounts, prices floor()ed once to 18 places (ratio_e18), a USD product once more (mul_e18).
-- Trades in chain order: block, transaction index, log index.
WITH pools AS (
  -- the code registry, and the lake's dex_pools reference (operator or generator pools; never TRX's USD pool)
  SELECT * FROM sunswap_v2_pools()
  UNION ALL
  SELECT pool, token0, token1, token0_decimals, token1_decimals, false FROM dex_pools
  WHERE pool NOT IN (SELECT pool FROM sunswap_v2_pools())
    AND (token0 = 'TNUC9Qb1rRpS5CbWLmNMxXBjyFoydXjWFR') <> (token1 = 'TNUC9Qb1rRpS5CbWLmNMxXBjyFoydXjWFR')
), swap_logs AS (
  SELECT l.block_number, l."timestamp", l.tx_hash, l.log_index, l."date" AS day, l.contract_address AS pool,
         list_transform([0, 1, 2, 3], lambda i:
           CASE WHEN substr(l.data, 64 * i + 1, 32) = '00000000000000000000000000000000' AND substr(l.data, 64 * i + 33, 1) < '8'
                THEN CAST('0x' || substr(l.data, 64 * i + 33, 16) AS UBIGINT)::HUGEINT * 18446744073709551616::HUGEINT
                     + CAST('0x' || substr(l.data, 64 * i + 49, 16) AS UBIGINT)::HUGEINT END) AS w
  FROM logs l
  WHERE l.topic0 = 'd78ad95fa46c994b6551d0da85fc275fe613ce37657fb8d5e3d130840159d822'
    AND l.contract_address IN (SELECT pool FROM pools) AND length(l.data) = 256
), sides AS (
  SELECT s.block_number, s."timestamp", s.tx_hash, s.log_index, s.day, s.pool, p.usd_quote,
         CASE WHEN p.token0 = 'TNUC9Qb1rRpS5CbWLmNMxXBjyFoydXjWFR' THEN p.token1 ELSE p.token0 END AS token,
         CASE WHEN p.token0 = 'TNUC9Qb1rRpS5CbWLmNMxXBjyFoydXjWFR' THEN p.token1_decimals ELSE p.token0_decimals END AS token_decimals,
         CASE WHEN p.token0 = 'TNUC9Qb1rRpS5CbWLmNMxXBjyFoydXjWFR' THEN s.w[1] - s.w[3] ELSE s.w[2] - s.w[4] END AS wtrx_net,
         CASE WHEN p.token0 = 'TNUC9Qb1rRpS5CbWLmNMxXBjyFoydXjWFR' THEN s.w[2] - s.w[4] ELSE s.w[1] - s.w[3] END AS token_net
  FROM swap_logs s JOIN pools p ON p.pool = s.pool
  WHERE list_count(s.w) = 4
), trades AS (
  SELECT d.*, t.tx_index, abs(d.wtrx_net) AS sun, abs(d.token_net) AS token_raw,
         d.block_number * 100000000 + t.tx_index * 10000 + d.log_index AS ord,
         -- TRX per token = (sun / 10^6) / (raw / 10^dec): the power of ten on the side that keeps both integers
         abs(d.wtrx_net) * CAST('1' || repeat('0', greatest(d.token_decimals - 6, 0)) AS HUGEINT) AS n_trx,
         abs(d.token_net) * CAST('1' || repeat('0', greatest(6 - d.token_decimals, 0)) AS HUGEINT) AS d_trx
  FROM sides d JOIN transactions t ON t.block_number = d.block_number AND t.tx_hash = d.tx_hash
  WHERE d.wtrx_net <> 0 AND d.token_net <> 0 AND sign(d.wtrx_net) <> sign(d.token_net)
), priced AS (
  -- a token's trade in TRX; and, from the USD pool, TRX's trade in USD (the ratio turned over)
  SELECT day, "timestamp", pool, token AS asset, false AS is_trx, ord, sun, token_raw, token_decimals, n_trx AS n, d_trx AS d FROM trades
  UNION ALL
  SELECT day, "timestamp", pool, '_', true, ord, sun, token_raw, token_decimals, d_trx, n_trx FROM trades WHERE usd_quote
), periods AS (
  SELECT 'hour' AS granularity, "timestamp" // 3600000 * 3600000 AS "time", * FROM priced
  UNION ALL
  SELECT 'day', epoch_ms(CAST(CAST(day AS DATE) AS TIMESTAMP)), * FROM priced
), agg AS (
  SELECT day, granularity, "time", asset, pool, is_trx, any_value(token_decimals) AS token_decimals,
         arg_min(ratio_e18(n, d), ord) AS open_e18, max(ratio_e18(n, d)) AS high_e18, min(ratio_e18(n, d)) AS low_e18,
         arg_max(ratio_e18(n, d), ord) AS close_e18, ratio_e18(sum(n), sum(d)) AS vwap_e18,
         sum(sun) AS sun, sum(token_raw) AS token_raw, count(*) AS trade_count
  FROM periods
  GROUP BY ALL
), usd AS (
  -- TRX's USD figures of each period (the usd_quote pool)
  SELECT granularity, "time", close_e18 AS trx_close_e18, vwap_e18 AS trx_vwap_e18 FROM agg WHERE is_trx
)
SELECT a.day, a.granularity, a."time", a.asset, a.pool,
       CASE WHEN a.is_trx THEN '1.000000000000000000' ELSE text_e18(a.open_e18) END AS open_trx,
       CASE WHEN a.is_trx THEN '1.000000000000000000' ELSE text_e18(a.high_e18) END AS high_trx,
       CASE WHEN a.is_trx THEN '1.000000000000000000' ELSE text_e18(a.low_e18) END AS low_trx,
       CASE WHEN a.is_trx THEN '1.000000000000000000' ELSE text_e18(a.close_e18) END AS close_trx,
       CASE WHEN a.is_trx THEN '1.000000000000000000' ELSE text_e18(a.vwap_e18) END AS vwap_trx,
       text_e18(CASE WHEN a.is_trx THEN a.open_e18 ELSE mul_e18(a.open_e18, u.trx_close_e18) END) AS open_usd,
       text_e18(CASE WHEN a.is_trx THEN a.high_e18 ELSE mul_e18(a.high_e18, u.trx_close_e18) END) AS high_usd,
       text_e18(CASE WHEN a.is_trx THEN a.low_e18 ELSE mul_e18(a.low_e18, u.trx_close_e18) END) AS low_usd,
       text_e18(CASE WHEN a.is_trx THEN a.close_e18 ELSE mul_e18(a.close_e18, u.trx_close_e18) END) AS close_usd,
       text_e18(CASE WHEN a.is_trx THEN a.vwap_e18 ELSE mul_e18(a.vwap_e18, u.trx_vwap_e18) END) AS vwap_usd,
       CAST(a.sun AS VARCHAR) AS volume_sun,
       CAST(a.token_raw AS VARCHAR) AS volume_token_raw,
       -- USD traded: TRX's row the USD-side token moved (raw / 10^dec); a token's row its TRX volume × TRX's VWAP
       text_e18(CASE WHEN a.is_trx THEN a.token_raw * CAST('1' || repeat('0', 18 - a.token_decimals) AS HUGEINT)
                     ELSE mul_e18(a.sun * 1000000000000::HUGEINT, u.trx_vwap_e18) END) AS volume_usd,
       a.trade_count
FROM agg a LEFT JOIN usd u ON u.granularity = a.granularity AND u."time" = a."time"
