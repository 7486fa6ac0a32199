-- One row per UTC day of the lake: blocks, transactions by kind, distinct accounts, energy and bandwidth by who paid,
-- and fees (issue 11, definitions in docs/compat.md "Network statistics"). Distinct counts do not add up across
-- days, so a publish recomputes the days it rewrites (growth per-day, not additive).
--   senders = distinct owners; callers = distinct owners of TriggerSmartContract; active = senders plus the
--   receivers of TRX and TRC10 transfers (types 1, 2).
--   burned energy / bandwidth in units = each transaction's energy_fee / net_fee divided by the price in force at
--   its block time (resource_prices); NULL for the day when a burning transaction has no price.
--   stake value = energy from stake (the caller's and the deployer's) and bandwidth not burned (stake or the free
--   allowance: receipts do not tell them apart), valued at the price in force, sun.
WITH priced AS (
  SELECT t.*, ep.price_sun AS energy_price, bp.price_sun AS net_price
  FROM transactions t
  ASOF LEFT JOIN (SELECT from_ts, price_sun FROM resource_prices WHERE resource = 'energy') ep ON t."timestamp" >= ep.from_ts
  ASOF LEFT JOIN (SELECT from_ts, price_sun FROM resource_prices WHERE resource = 'bandwidth') bp ON t."timestamp" >= bp.from_ts
),
tx AS (
  SELECT "date" AS day,
         count(*) AS tx_count,
         count(*) FILTER (WHERE contract_type = 31) AS trigger_count,
         count(DISTINCT owner_address) FILTER (WHERE contract_type = 31) AS caller_count,
         count(DISTINCT owner_address) AS sender_count,
         CAST(coalesce(sum(CAST(amount AS HUGEINT)) FILTER (WHERE contract_type = 1), 0) AS VARCHAR) AS trx_amount_raw,
         count(*) FILTER (WHERE contract_type = 1) AS trx_transfer_count,
         count(*) FILTER (WHERE contract_type = 2) AS trc10_transfer_count,
         count(*) FILTER (WHERE contract_type IN (11, 54)) AS freeze_count,
         count(*) FILTER (WHERE contract_type IN (12, 55)) AS unfreeze_count,
         count(*) FILTER (WHERE contract_type = 4) AS vote_count,
         count(*) FILTER (WHERE contract_type = 51) AS shielded_count,
         count(*) FILTER (WHERE contract_type = 6 AND contract_ret = 'SUCCESS') AS trc10_issued_count,
         count(*) FILTER (WHERE contract_type = 30 AND contract_ret = 'SUCCESS') AS contracts_created_count,
         CAST(sum(fee) AS BIGINT) AS fee,
         CAST(sum(energy_usage_total) AS BIGINT) AS energy_usage_total,
         CAST(sum(energy_usage) AS BIGINT) AS energy_usage,
         CAST(sum(origin_energy_usage) AS BIGINT) AS origin_energy_usage,
         CAST(sum(energy_fee) AS BIGINT) AS energy_fee,
         CASE WHEN bool_or(energy_fee > 0 AND energy_price IS NULL) THEN NULL
              ELSE CAST(coalesce(sum(energy_fee // energy_price) FILTER (WHERE energy_fee > 0), 0) AS BIGINT) END AS energy_burn_units,
         CASE WHEN bool_or(energy_usage + origin_energy_usage > 0 AND energy_price IS NULL) THEN NULL
              ELSE CAST(coalesce(sum((energy_usage + origin_energy_usage) * energy_price), 0) AS BIGINT) END AS energy_stake_sun,
         CAST(sum(net_usage) AS BIGINT) AS net_usage,
         CAST(sum(net_fee) AS BIGINT) AS net_fee,
         CASE WHEN bool_or(net_fee > 0 AND net_price IS NULL) THEN NULL
              ELSE CAST(coalesce(sum(net_fee // net_price) FILTER (WHERE net_fee > 0), 0) AS BIGINT) END AS net_burn_bytes,
         CASE WHEN bool_or(net_usage > 0 AND net_price IS NULL) THEN NULL
              ELSE CAST(coalesce(sum(net_usage * net_price), 0) AS BIGINT) END AS net_stake_sun
  FROM priced
  GROUP BY "date"
),
active AS (
  SELECT day, count(DISTINCT address) AS active_count
  FROM (
    SELECT "date" AS day, owner_address AS address FROM transactions
    UNION ALL
    SELECT "date", to_address FROM transactions WHERE contract_type IN (1, 2) AND to_address IS NOT NULL
  )
  GROUP BY day
),
blk AS (
  SELECT "date" AS day, count(*) AS block_count, CAST(sum(size_bytes) AS BIGINT) AS size_bytes,
         min(block_number) AS first_block, max(block_number) AS last_block,
         min("timestamp") AS first_block_ts, max("timestamp") AS last_block_ts
  FROM blocks
  GROUP BY "date"
)
SELECT b.day,
       epoch_ms(CAST(CAST(b.day AS DATE) AS TIMESTAMP)) AS day_ts,
       b.block_count, b.size_bytes, b.first_block, b.last_block, b.first_block_ts, b.last_block_ts,
       coalesce(t.tx_count, 0) AS tx_count,
       coalesce(t.trigger_count, 0) AS trigger_count,
       coalesce(t.caller_count, 0) AS caller_count,
       coalesce(t.sender_count, 0) AS sender_count,
       coalesce(a.active_count, 0) AS active_count,
       coalesce(t.trx_amount_raw, '0') AS trx_amount_raw,
       coalesce(t.trx_transfer_count, 0) AS trx_transfer_count,
       coalesce(t.trc10_transfer_count, 0) AS trc10_transfer_count,
       coalesce(t.freeze_count, 0) AS freeze_count,
       coalesce(t.unfreeze_count, 0) AS unfreeze_count,
       coalesce(t.vote_count, 0) AS vote_count,
       coalesce(t.shielded_count, 0) AS shielded_count,
       coalesce(t.trc10_issued_count, 0) AS trc10_issued_count,
       coalesce(t.contracts_created_count, 0) AS contracts_created_count,
       coalesce(t.fee, 0) AS fee,
       coalesce(t.energy_usage_total, 0) AS energy_usage_total,
       coalesce(t.energy_usage, 0) AS energy_usage,
       coalesce(t.origin_energy_usage, 0) AS origin_energy_usage,
       coalesce(t.energy_fee, 0) AS energy_fee,
       CASE WHEN t.day IS NULL THEN 0 ELSE t.energy_burn_units END AS energy_burn_units,
       CASE WHEN t.day IS NULL THEN 0 ELSE t.energy_stake_sun END AS energy_stake_sun,
       coalesce(t.net_usage, 0) AS net_usage,
       coalesce(t.net_fee, 0) AS net_fee,
       CASE WHEN t.day IS NULL THEN 0 ELSE t.net_burn_bytes END AS net_burn_bytes,
       CASE WHEN t.day IS NULL THEN 0 ELSE t.net_stake_sun END AS net_stake_sun,
       -- The prices in force at the day's end (NULL when the lake has none), for the revenue endpoints' units.
       (SELECT price_sun FROM resource_prices p WHERE p.resource = 'energy' AND p.from_ts <= b.last_block_ts ORDER BY p.from_ts DESC LIMIT 1) AS energy_price,
       (SELECT price_sun FROM resource_prices p WHERE p.resource = 'bandwidth' AND p.from_ts <= b.last_block_ts ORDER BY p.from_ts DESC LIMIT 1) AS net_price
FROM blk b
LEFT JOIN tx t ON t.day = b.day
LEFT JOIN active a ON a.day = b.day
