-- /api/acquisition_cost_statistic: per day of [$start_day, $end_day], what a unit of energy and of bandwidth costs
-- by staking (TRX staked network-wide per unit shared out per day: weight / limit, daily_stake_weights) and by
-- burning (the price in force at the end of the day, resource_prices, sun), with the day before's figures for the
-- rates (the range's first day included). One row per day of the lake. /api/freezeresource reads the same rows (its
-- stake weights and costs), with the TRON Power-only weight.
-- @param start_day VARCHAR
-- @param end_day VARCHAR
WITH w AS (
  -- The costs stay integer pairs (weight, limit): the endpoint rounds each ratio once from them (ratioNumber).
  SELECT day, energy_weight, energy_limit, net_weight, net_limit, tron_power_weight, day_ts + 86399999 AS day_end
  FROM daily_stake_weights WHERE day <= $end_day
), p AS (
  SELECT w.*,
         lag(energy_weight) OVER (ORDER BY day) AS prev_energy_weight, lag(energy_limit) OVER (ORDER BY day) AS prev_energy_limit,
         lag(net_weight) OVER (ORDER BY day) AS prev_net_weight, lag(net_limit) OVER (ORDER BY day) AS prev_net_limit,
         lag(tron_power_weight) OVER (ORDER BY day) AS prev_tron_power_weight,
         (SELECT price_sun FROM resource_prices r WHERE r.resource = 'energy' AND r.from_ts <= w.day_end ORDER BY r.from_ts DESC LIMIT 1) AS energy_price_sun,
         (SELECT price_sun FROM resource_prices r WHERE r.resource = 'bandwidth' AND r.from_ts <= w.day_end ORDER BY r.from_ts DESC LIMIT 1) AS net_price_sun
  FROM w
)
SELECT * FROM p WHERE day >= $start_day ORDER BY day
