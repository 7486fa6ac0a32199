-- /api/account/analysis types 2-4: one address's transactions signed / received, energy and bandwidth of those it
-- signed, per UTC day number (ms // 86400000) of [$start_ts, $end_ts] (address_block_activity, the range files holding the address; the
-- address's rows are block-sorted, so the time bounds prune row groups). Days without activity have no row.
-- @param address VARCHAR
-- @param start_ts BIGINT
-- @param end_ts BIGINT
SELECT "timestamp" // 86400000 AS day_n,
       CAST(sum(tx_out) AS BIGINT) AS tx_out, CAST(sum(tx_in) AS BIGINT) AS tx_in,
       CAST(sum(energy_usage) AS BIGINT) AS energy_usage, CAST(sum(origin_energy_usage) AS BIGINT) AS origin_energy_usage,
       CAST(sum(energy_burn) AS BIGINT) AS energy_burn, CAST(sum(energy_usage_total) AS BIGINT) AS energy_usage_total,
       CAST(sum(net_usage) AS BIGINT) AS net_usage,
       CASE WHEN bool_or(net_burn IS NULL) THEN NULL ELSE CAST(sum(net_burn) AS BIGINT) END AS net_burn
FROM {{> fragments/address-copy address_block_activity t}}
WHERE {{> fragments/address-rows t}} AND "timestamp" BETWEEN $start_ts AND $end_ts
GROUP BY 1
