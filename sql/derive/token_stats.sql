-- Per token of the tokens dimension: holders, transfers (all and the 24 h before the head block), and the supply
-- derived from the history. Everything is computed from the same transfer rows as the balance tables, so the lists
-- agree with the holder endpoints. Supply: TRC20/721/1155 = mints minus burns (transfers from / to the zero
-- address); TRC10 = the issued supply (no mint events exist for TRC10).
WITH head AS (SELECT max("timestamp") AS ts FROM blocks),
tt AS (
  SELECT contract_address AS token_id, token_standard, from_address, to_address, CAST(amount_raw AS HUGEINT) AS amt, "timestamp"
  FROM token_transfers
),
moves AS (
  SELECT token_id, token_standard, to_address AS holder, amt AS delta FROM tt WHERE token_standard <> 'trc721'
  UNION ALL
  SELECT token_id, token_standard, from_address, -amt FROM tt WHERE token_standard <> 'trc721'
),
nft_owner AS (
  -- same order as trc721_owners: block, transaction position, log position
  SELECT t.contract_address AS token_id, t.token_id AS nft, arg_max(t.to_address, (t.block_number, x.tx_index, t.log_index)) AS holder
  FROM token_transfers t JOIN transactions x ON x.block_number = t.block_number AND x.tx_hash = t.tx_hash
  WHERE t.token_standard = 'trc721' GROUP BY ALL
),
smart_holders AS (
  SELECT token_id, count(*) AS n FROM (
    SELECT token_id, holder FROM moves WHERE holder <> 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb' AND token_standard = 'trc20' GROUP BY ALL HAVING sum(delta) > 0
  ) GROUP BY ALL
  UNION ALL
  SELECT token_id, count(DISTINCT holder) FROM nft_owner WHERE holder <> 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb' GROUP BY ALL
),
smart_1155_holders AS (
  SELECT contract_address AS token_id, count(DISTINCT holder) AS n FROM (
    SELECT contract_address, token_id, holder FROM (
      SELECT contract_address, token_id, to_address AS holder, CAST(amount_raw AS HUGEINT) AS d FROM token_transfers WHERE token_standard = 'trc1155'
      UNION ALL
      SELECT contract_address, token_id, from_address, -CAST(amount_raw AS HUGEINT) FROM token_transfers WHERE token_standard = 'trc1155'
    ) WHERE holder <> 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb' GROUP BY contract_address, token_id, holder HAVING sum(d) > 0
  ) GROUP BY ALL
),
smart_flow AS (
  SELECT token_id, count(*) AS transfers, count(*) FILTER (WHERE "timestamp" > (SELECT ts FROM head) - 86400000) AS transfers_24h,
         coalesce(sum(amt) FILTER (WHERE from_address = 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb'), 0) AS minted,
         coalesce(sum(amt) FILTER (WHERE to_address = 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb'), 0) AS burned
  FROM tt GROUP BY ALL
),
trc10_tx AS (
  SELECT token_id, owner_address, to_address, CAST(amount AS HUGEINT) AS amt, "timestamp"
  FROM transactions WHERE contract_type = 2 AND contract_ret = 'SUCCESS' AND token_id IS NOT NULL
),
trc10_flow AS (
  SELECT token_id, count(*) AS transfers, count(*) FILTER (WHERE "timestamp" > (SELECT ts FROM head) - 86400000) AS transfers_24h
  FROM trc10_tx GROUP BY ALL
),
trc10_holders AS (
  SELECT token_id, count(*) AS n FROM (
    SELECT token_id, holder, sum(d) AS b FROM (
      SELECT token_id, to_address AS holder, amt AS d FROM trc10_tx
      UNION ALL SELECT token_id, owner_address, -amt FROM trc10_tx
      UNION ALL SELECT token_id, issuer_address, CAST(total_supply_raw AS HUGEINT) FROM tokens WHERE token_standard = 'trc10'
    ) GROUP BY ALL HAVING sum(d) > 0
  ) GROUP BY ALL
)
SELECT t.token_id, t.token_standard,
       CAST(coalesce(CASE WHEN t.token_standard = 'trc10' THEN h10.n WHEN t.token_standard = 'trc1155' THEN h1155.n ELSE hs.n END, 0) AS BIGINT) AS holder_count,
       CAST(coalesce(CASE WHEN t.token_standard = 'trc10' THEN f10.transfers ELSE fs.transfers END, 0) AS BIGINT) AS transfer_count,
       CAST(coalesce(CASE WHEN t.token_standard = 'trc10' THEN f10.transfers_24h ELSE fs.transfers_24h END, 0) AS BIGINT) AS transfer_count_24h,
       CAST(coalesce(fs.minted, 0) AS VARCHAR) AS minted_raw,
       CAST(coalesce(fs.burned, 0) AS VARCHAR) AS burned_raw,
       CASE WHEN t.token_standard = 'trc10' THEN t.total_supply_raw
            ELSE CAST(coalesce(fs.minted, 0) - coalesce(fs.burned, 0) AS VARCHAR) END AS supply_raw,
       CASE WHEN t.token_standard = 'trc10' THEN CAST(t.total_supply_raw AS DOUBLE)
            ELSE CAST(coalesce(fs.minted, 0) - coalesce(fs.burned, 0) AS DOUBLE) END AS supply
FROM tokens t
LEFT JOIN smart_holders hs ON hs.token_id = t.token_id AND t.token_standard IN ('trc20', 'trc721')
LEFT JOIN smart_1155_holders h1155 ON h1155.token_id = t.token_id
LEFT JOIN smart_flow fs ON fs.token_id = t.token_id AND t.token_standard <> 'trc10'
LEFT JOIN trc10_flow f10 ON f10.token_id = t.token_id AND t.token_standard = 'trc10'
LEFT JOIN trc10_holders h10 ON h10.token_id = t.token_id AND t.token_standard = 'trc10'
