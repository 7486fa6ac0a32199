-- Per UTC hour and address, what /api/top10 ranks over its sliding windows (issue 14; docs/compat.md "Top 10").
-- Each transaction counts once on its signer's row (owner_address: transactions signed, TRX sent, the resources and
-- fees it paid) and once on its receiver's row (TRX received by a TransferContract's to_address; calls, energy and
-- fees of the calls made to a TriggerSmartContract's contract). TRX moves only when the transfer succeeded.
-- Energy paid by burning is the receipt's total minus what stakes paid (energy_usage_total - energy_usage -
-- origin_energy_usage): exact, no price needed. Bandwidth paid by burning is net_fee / the bandwidth price in force
-- at the block time (resource_prices), counted in net_burn_unpriced when no price is known.
-- Every measure is a sum, so the dataset is additive per day: a publish adds the new blocks' rows to their hour.
WITH tx AS (
  SELECT t.*, bp.price_sun AS net_price
  FROM transactions t
  ASOF LEFT JOIN (SELECT from_ts, price_sun FROM resource_prices WHERE resource = 'bandwidth') bp ON t."timestamp" >= bp.from_ts
),
sides AS (
  SELECT "timestamp", owner_address AS address,
         1 AS tx_out,
         CAST(contract_type = 1 AND contract_ret = 'SUCCESS' AS INTEGER) AS trx_out_count,
         CASE WHEN contract_type = 1 AND contract_ret = 'SUCCESS' THEN amount ELSE 0 END AS trx_out_sun,
         0 AS trx_in_count, 0 AS trx_in_sun,
         energy_usage_total, energy_usage,
         energy_usage_total - energy_usage - origin_energy_usage AS energy_burn,
         net_usage, net_fee,
         CASE WHEN net_fee > 0 AND net_price IS NOT NULL THEN net_fee // net_price ELSE 0 END AS net_burn_bytes,
         CAST(net_fee > 0 AND net_price IS NULL AS INTEGER) AS net_burn_unpriced,
         fee,
         0 AS calls_in, 0 AS call_energy_total, 0 AS call_energy_stake, 0 AS call_fee
  FROM tx
  UNION ALL
  SELECT "timestamp", coalesce(CASE WHEN contract_type = 31 THEN contract_address END, to_address) AS address,
         0, 0, 0,
         CAST(contract_type = 1 AND contract_ret = 'SUCCESS' AS INTEGER),
         CASE WHEN contract_type = 1 AND contract_ret = 'SUCCESS' THEN amount ELSE 0 END,
         0, 0, 0, 0, 0, 0, 0, 0,
         CAST(contract_type = 31 AS INTEGER),
         CASE WHEN contract_type = 31 THEN energy_usage_total ELSE 0 END,
         CASE WHEN contract_type = 31 THEN energy_usage + origin_energy_usage ELSE 0 END,
         CASE WHEN contract_type = 31 THEN fee ELSE 0 END
  FROM tx
  WHERE (contract_type = 1 AND contract_ret = 'SUCCESS' AND to_address IS NOT NULL)
     OR (contract_type = 31 AND contract_address IS NOT NULL)
)
SELECT strftime(epoch_ms("timestamp" // 86400000 * 86400000), '%Y-%m-%d') AS day,
       "timestamp" // 3600000 * 3600000 AS hour_ts,
       address,
       sum(tx_out)::BIGINT AS tx_out,
       sum(trx_out_count)::BIGINT AS trx_out_count,
       CAST(sum(trx_out_sun) AS DECIMAL(38,0)) AS trx_out_sun,
       sum(trx_in_count)::BIGINT AS trx_in_count,
       CAST(sum(trx_in_sun) AS DECIMAL(38,0)) AS trx_in_sun,
       sum(energy_usage_total)::BIGINT AS energy_usage_total,
       sum(energy_usage)::BIGINT AS energy_usage,
       sum(energy_burn)::BIGINT AS energy_burn,
       sum(net_usage)::BIGINT AS net_usage,
       sum(net_fee)::BIGINT AS net_fee,
       sum(net_burn_bytes)::BIGINT AS net_burn_bytes,
       sum(net_burn_unpriced)::BIGINT AS net_burn_unpriced,
       sum(fee)::BIGINT AS fee,
       sum(calls_in)::BIGINT AS calls_in,
       sum(call_energy_total)::BIGINT AS call_energy_total,
       sum(call_energy_stake)::BIGINT AS call_energy_stake,
       sum(call_fee)::BIGINT AS call_fee
FROM sides
GROUP BY ALL
