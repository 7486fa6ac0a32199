-- Per address and block: the TRX balance change (the rows of trx_flows, derived just before: over the new blocks, its
-- new run, schema delta; read back instead of computing its ten scans again), the transactions it
-- signed and received, and the energy and bandwidth of the ones it signed (/api/account/analysis types 0, 2, 3, 4).
-- One row per (address, block), so a publish's rows never depend on where it split a day and a replaced tail is cut
-- by block like any run; a request sums one address's rows per day (its bucket, sorted by block).
--   received = to_address, else the created or called contract (account_activity's sides; one's own to itself counts
--   both ways). Energy burned = energy_usage_total − energy_usage − origin_energy_usage (units, penalty included: what
--   staking and the deployer did not cover); bandwidth burned = net_fee / the bandwidth price in force (bytes; NULL
--   when a burning transaction has no price), as daily_network_stats counts them.
WITH priced AS (
  SELECT t.*, bp.price_sun AS net_price
  FROM transactions t
  ASOF LEFT JOIN (SELECT from_ts, price_sun FROM resource_prices WHERE resource = 'bandwidth') bp ON t."timestamp" >= bp.from_ts
),
sides AS (
  SELECT address, block_number, "timestamp", delta AS trx_delta FROM trx_flows
  UNION ALL BY NAME
  SELECT owner_address AS address, block_number, "timestamp", 1 AS tx_out,
         energy_usage, origin_energy_usage, energy_usage_total - energy_usage - origin_energy_usage AS energy_burn,
         energy_usage_total, net_usage, net_fee, CASE WHEN net_fee > 0 THEN net_fee // net_price ELSE 0 END AS net_burn
  FROM priced
  UNION ALL BY NAME
  SELECT coalesce(to_address, contract_address) AS address, block_number, "timestamp", 1 AS tx_in
  FROM transactions WHERE coalesce(to_address, contract_address) IS NOT NULL
)
SELECT address, block_number, max("timestamp") AS "timestamp",
       CAST(coalesce(sum(trx_delta), 0) AS BIGINT) AS trx_delta,
       CAST(coalesce(sum(tx_out), 0) AS BIGINT) AS tx_out,
       CAST(coalesce(sum(tx_in), 0) AS BIGINT) AS tx_in,
       CAST(coalesce(sum(energy_usage), 0) AS BIGINT) AS energy_usage,
       CAST(coalesce(sum(origin_energy_usage), 0) AS BIGINT) AS origin_energy_usage,
       CAST(coalesce(sum(energy_burn), 0) AS BIGINT) AS energy_burn,
       CAST(coalesce(sum(energy_usage_total), 0) AS BIGINT) AS energy_usage_total,
       CAST(coalesce(sum(net_usage), 0) AS BIGINT) AS net_usage,
       CASE WHEN bool_or(net_fee > 0 AND net_burn IS NULL) THEN NULL ELSE CAST(coalesce(sum(net_burn), 0) AS BIGINT) END AS net_burn
FROM sides
GROUP BY address, block_number
