-- /api/contract/analysis types 2-5: one contract's calls and distinct callers (daily_contract_call_stats), the
-- energy of the calls by who paid (daily_contract_resources; burned = total − the callers' stake − the deployer's, in
-- units, as address_block_activity), and the bandwidth and burned sun of the calls and its deploy's energy
-- (daily_contract_costs), per day of [$start_day, $end_day]: each rollup's day files of the range, pruned to the
-- contract by their sort. A day without a row in any of them has no row.
-- @param address VARCHAR
-- @param start_day VARCHAR
-- @param end_day VARCHAR
WITH s AS (
  SELECT day, call_count, caller_count FROM daily_contract_call_stats
  WHERE contract_address = $address AND day BETWEEN $start_day AND $end_day
), r AS (
  SELECT day, energy_usage, origin_energy_usage, energy_usage_total FROM daily_contract_resources
  WHERE contract_address = $address AND day BETWEEN $start_day AND $end_day
), k AS (
  SELECT day, net_usage, net_fee, net_burn, energy_fee, deploy_energy_usage_total FROM daily_contract_costs
  WHERE contract_address = $address AND day BETWEEN $start_day AND $end_day
)
SELECT coalesce(s.day, r.day, k.day) AS day,
       coalesce(s.call_count, 0)::BIGINT AS trigger_count, coalesce(s.caller_count, 0)::BIGINT AS account_count,
       coalesce(r.energy_usage, 0)::BIGINT AS energy_usage,
       coalesce(r.origin_energy_usage, 0)::BIGINT AS origin_energy_usage,
       coalesce(r.energy_usage_total, 0)::BIGINT AS energy_usage_total,
       coalesce(r.energy_usage_total - r.energy_usage - r.origin_energy_usage, 0)::BIGINT AS energy_burn,
       coalesce(k.deploy_energy_usage_total, 0)::BIGINT AS energy_usage_as_deploy,
       coalesce(k.net_usage, 0)::BIGINT AS net_usage,
       CASE WHEN k.day IS NULL THEN 0 ELSE k.net_burn END::BIGINT AS net_burn,
       coalesce(k.net_fee, 0)::BIGINT AS net_fee,
       coalesce(k.energy_fee, 0)::BIGINT AS energy_fee
FROM s FULL JOIN r ON r.day = s.day FULL JOIN k ON k.day = coalesce(s.day, r.day)
