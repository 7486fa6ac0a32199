-- Per token of the tokens dimension: holders, transfers (all, and the 24 h before the head block), and the supply.
-- Recomputed at every publish from what is already derived, so its cost is bounded by the tokens and the ledgers'
-- positions, not by history: lifetime transfers, mints and burns from token_flows (running state), holders from the
-- ledgers (the same rows the holder endpoints page through), the 24 h counts from the head's last two UTC days.
-- Supply: TRC20 = the sum of its ledger (trc20_balances: the opening balances of trc20_snapshots before the lake's
-- first block, issue 12, plus every transfer in minus out), i.e. openings + mints - burns, so the holders sum to it
-- exactly; TRC1155 the same over trc1155_balances (the opening quantities of trc1155_snapshots + mints - burns);
-- TRC721 = mints minus burns (transfers from / to the zero address; no opening state is kept for it); TRC10 = the
-- issued supply (its holders, opening assetV2 balances included, sum to it).
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
ledger20 AS (
  -- Guarded as the daily rollups are (src/lake/README.md "Numbers"): a supply of 9e37 units or more stops the
  -- publish instead of reaching HUGEINT's limit.
  SELECT contract_address AS token_id, count(*) FILTER (WHERE holder_rank IS NOT NULL) AS n,
         CASE WHEN abs(sum(CAST(balance_raw AS DOUBLE))) < 9e37 THEN sum(CAST(balance_raw AS HUGEINT))
              ELSE error('token_stats: a TRC20 supply of 9e37 units or more') END AS supply
  FROM trc20_balances GROUP BY ALL
),
holders AS (
  SELECT token_id, n FROM ledger20
  UNION ALL
  SELECT contract_address, count(DISTINCT owner_address) FROM trc721_owners
  WHERE owner_address <> zero_address() GROUP BY ALL
  UNION ALL
  SELECT contract_address, count(DISTINCT holder_address) FROM trc1155_balances WHERE balance_raw NOT LIKE '-%' GROUP BY ALL
),
ledger1155 AS (
  SELECT contract_address AS token_id, sum(CAST(balance_raw AS HUGEINT)) AS supply FROM trc1155_balances GROUP BY ALL
),
holders10 AS (
  SELECT token_id, count(*) AS n FROM trc10_balances WHERE balance_raw NOT LIKE '-%' GROUP BY ALL
),
fs AS (SELECT token_id, transfer_count, CAST(minted_raw AS HUGEINT) AS minted, CAST(burned_raw AS HUGEINT) AS burned FROM token_flows WHERE flow = 'smart'),
f10 AS (SELECT token_id, transfer_count FROM token_flows WHERE flow = 'trc10'),
supply AS (
  SELECT t.token_id, t.token_standard,
         CASE t.token_standard WHEN 'trc10' THEN CAST(t.total_supply_raw AS HUGEINT)
                               WHEN 'trc20' THEN coalesce(l20.supply, 0)
                               WHEN 'trc1155' THEN coalesce(l1155.supply, 0)
                               ELSE coalesce(fs.minted, 0) - coalesce(fs.burned, 0) END AS raw
  FROM tokens t
  LEFT JOIN ledger20 l20 ON l20.token_id = t.token_id AND t.token_standard = 'trc20'
  LEFT JOIN ledger1155 l1155 ON l1155.token_id = t.token_id AND t.token_standard = 'trc1155'
  LEFT JOIN fs ON fs.token_id = t.token_id AND t.token_standard NOT IN ('trc10', 'trc20')
)
SELECT t.token_id, t.token_standard,
       CAST(coalesce(CASE WHEN t.token_standard = 'trc10' THEN h10.n ELSE hs.n END, 0) AS BIGINT) AS holder_count,
       CAST(coalesce(CASE WHEN t.token_standard = 'trc10' THEN f10.transfer_count ELSE fs.transfer_count END, 0) AS BIGINT) AS transfer_count,
       CAST(coalesce(CASE WHEN t.token_standard = 'trc10' THEN r10.n ELSE rs.n END, 0) AS BIGINT) AS transfer_count_24h,
       CAST(coalesce(fs.minted, 0) AS VARCHAR) AS minted_raw,
       CAST(coalesce(fs.burned, 0) AS VARCHAR) AS burned_raw,
       CAST(sp.raw AS VARCHAR) AS supply_raw,
       CAST(sp.raw AS DOUBLE) AS supply
FROM tokens t
LEFT JOIN holders hs ON hs.token_id = t.token_id AND t.token_standard <> 'trc10'
LEFT JOIN fs ON fs.token_id = t.token_id AND t.token_standard <> 'trc10'
LEFT JOIN recent rs ON rs.token_id = t.token_id AND t.token_standard <> 'trc10'
LEFT JOIN holders10 h10 ON h10.token_id = t.token_id AND t.token_standard = 'trc10'
LEFT JOIN f10 ON f10.token_id = t.token_id AND t.token_standard = 'trc10'
LEFT JOIN recent10 r10 ON r10.token_id = t.token_id AND t.token_standard = 'trc10'
JOIN supply sp ON sp.token_id = t.token_id AND sp.token_standard = t.token_standard
