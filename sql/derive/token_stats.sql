-- Per token of the tokens dimension: holders, transfers (all, and the 24 h before the head block), and the supply.
-- Recomputed at every publish from what is already derived, so its cost is bounded by the tokens and the ledgers'
-- positions, not by history: lifetime transfers, mints and burns from token_flows (running state), holders from the
-- ledgers (the same rows the holder endpoints page through), the 24 h counts from the head's last two UTC days.
-- Supply: TRC20/721/1155 = mints minus burns (transfers from / to the zero address); TRC10 = the issued supply.
WITH head AS (SELECT derive_head_ts() AS ts),
recent AS (
  SELECT contract_address AS token_id, count(*) AS n FROM token_transfers
  WHERE "date" >= derive_head_day(-1) AND "timestamp" > (SELECT ts FROM head) - 86400000 GROUP BY ALL
),
recent10 AS (
  SELECT token_id, count(*) AS n FROM transactions
  WHERE "date" >= derive_head_day(-1) AND "timestamp" > (SELECT ts FROM head) - 86400000
    AND contract_type = 2 AND contract_ret = 'SUCCESS' AND token_id IS NOT NULL
  GROUP BY ALL
),
holders AS (
  SELECT contract_address AS token_id, count(*) AS n FROM trc20_balances WHERE holder_rank IS NOT NULL GROUP BY ALL
  UNION ALL
  SELECT contract_address, count(DISTINCT owner_address) FROM trc721_owners
  WHERE owner_address <> zero_address() GROUP BY ALL
  UNION ALL
  SELECT contract_address, count(DISTINCT holder_address) FROM trc1155_balances WHERE balance_raw NOT LIKE '-%' GROUP BY ALL
),
holders10 AS (
  SELECT token_id, count(*) AS n FROM trc10_balances WHERE balance_raw NOT LIKE '-%' GROUP BY ALL
),
fs AS (SELECT token_id, transfer_count, CAST(minted_raw AS HUGEINT) AS minted, CAST(burned_raw AS HUGEINT) AS burned FROM token_flows WHERE flow = 'smart'),
f10 AS (SELECT token_id, transfer_count FROM token_flows WHERE flow = 'trc10')
SELECT t.token_id, t.token_standard,
       CAST(coalesce(CASE WHEN t.token_standard = 'trc10' THEN h10.n ELSE hs.n END, 0) AS BIGINT) AS holder_count,
       CAST(coalesce(CASE WHEN t.token_standard = 'trc10' THEN f10.transfer_count ELSE fs.transfer_count END, 0) AS BIGINT) AS transfer_count,
       CAST(coalesce(CASE WHEN t.token_standard = 'trc10' THEN r10.n ELSE rs.n END, 0) AS BIGINT) AS transfer_count_24h,
       CAST(coalesce(fs.minted, 0) AS VARCHAR) AS minted_raw,
       CAST(coalesce(fs.burned, 0) AS VARCHAR) AS burned_raw,
       CASE WHEN t.token_standard = 'trc10' THEN t.total_supply_raw
            ELSE CAST(coalesce(fs.minted, 0) - coalesce(fs.burned, 0) AS VARCHAR) END AS supply_raw,
       CASE WHEN t.token_standard = 'trc10' THEN CAST(t.total_supply_raw AS DOUBLE)
            ELSE CAST(coalesce(fs.minted, 0) - coalesce(fs.burned, 0) AS DOUBLE) END AS supply
FROM tokens t
LEFT JOIN holders hs ON hs.token_id = t.token_id AND t.token_standard <> 'trc10'
LEFT JOIN fs ON fs.token_id = t.token_id AND t.token_standard <> 'trc10'
LEFT JOIN recent rs ON rs.token_id = t.token_id AND t.token_standard <> 'trc10'
LEFT JOIN holders10 h10 ON h10.token_id = t.token_id AND t.token_standard = 'trc10'
LEFT JOIN f10 ON f10.token_id = t.token_id AND t.token_standard = 'trc10'
LEFT JOIN recent10 r10 ON r10.token_id = t.token_id AND t.token_standard = 'trc10'
