-- Per address and block: the TRX balance change (the rows of trx_flows, derived just before: over the new blocks, its
-- new run, schema delta; read back instead of computing its ten scans again), the transactions it
-- signed and received, and the energy and bandwidth of the ones it signed (/api/account/analysis types 0, 2, 3, 4).
-- One row per (address, block), so a publish's rows never depend on where it split a day and a replaced tail is cut
-- by block like any run; a request sums one address's rows per day (its bucket, sorted by block).
--   received = to_address, else the created or called contract (account_activity's sides; one's own to itself counts
--   both ways). Energy burned = energy_usage_total − energy_usage − origin_energy_usage (units, penalty included: what
--   staking and the deployer did not cover); bandwidth burned = net_fee / the bandwidth price in force (bytes; NULL
--   when a burning transaction has no price), as daily_network_stats counts them.
-- Each side (TRX flows, signed, received) is grouped on its own and the three joined by (address, block): one GROUP BY
-- of the union of the sides updated every measure's sum for every side row, most of them NULL (default lake: 10.2 →
-- 7.7 s CPU, the same rows).
WITH priced AS (
  SELECT t.*, bp.price_sun AS net_price
  FROM transactions t
  ASOF LEFT JOIN (SELECT from_ts, price_sun FROM resource_prices WHERE resource = 'bandwidth') bp ON t."timestamp" >= bp.from_ts
),
flows AS (
  SELECT address, block_number, max("timestamp") AS ts, sum(delta) AS trx_delta
  FROM trx_flows
  GROUP BY address, block_number
),
signed AS (
  SELECT owner_address AS address, block_number, max("timestamp") AS ts, count(*) AS tx_out,
         sum(energy_usage) AS energy_usage, sum(origin_energy_usage) AS origin_energy_usage,
         sum(energy_usage_total - energy_usage - origin_energy_usage) AS energy_burn,
         sum(energy_usage_total) AS energy_usage_total, sum(net_usage) AS net_usage,
         -- NULL when a transaction burned for bandwidth with no price in force
         CASE WHEN bool_or(net_fee > 0 AND net_price IS NULL) THEN NULL
              ELSE sum(CASE WHEN net_fee > 0 THEN net_fee // net_price ELSE 0 END) END AS net_burn
  FROM priced
  GROUP BY owner_address, block_number
),
received AS (
  SELECT coalesce(to_address, contract_address) AS address, block_number, max("timestamp") AS ts, count(*) AS tx_in
  FROM transactions
  WHERE coalesce(to_address, contract_address) IS NOT NULL
  GROUP BY coalesce(to_address, contract_address), block_number
)
SELECT address, block_number, greatest(f.ts, s.ts, r.ts) AS "timestamp",
       CAST(coalesce(f.trx_delta, 0) AS BIGINT) AS trx_delta,
       coalesce(s.tx_out, 0) AS tx_out,
       coalesce(r.tx_in, 0) AS tx_in,
       CAST(coalesce(s.energy_usage, 0) AS BIGINT) AS energy_usage,
       CAST(coalesce(s.origin_energy_usage, 0) AS BIGINT) AS origin_energy_usage,
       CAST(coalesce(s.energy_burn, 0) AS BIGINT) AS energy_burn,
       CAST(coalesce(s.energy_usage_total, 0) AS BIGINT) AS energy_usage_total,
       CAST(coalesce(s.net_usage, 0) AS BIGINT) AS net_usage,
       CASE WHEN s.address IS NOT NULL AND s.net_burn IS NULL THEN NULL ELSE CAST(coalesce(s.net_burn, 0) AS BIGINT) END AS net_burn
FROM flows f
FULL JOIN signed s USING (address, block_number)
FULL JOIN received r USING (address, block_number)
