-- The network's day rows of [$start_day, $end_day] (daily_network_stats, one row per day, additive measures summed
-- into weeks, months, quarters and years by the kit), with what a day series derives from earlier days: running
-- totals from the lake's first day (the endpoints add the pre-window totals) and the previous day's figures (the
-- day-over-day rate of the range's first day). The rollup is held in memory, one row per day: the window over the
-- days before the range reads rows of the rollup, not history.
-- @param start_day VARCHAR
-- @param end_day VARCHAR
SELECT *
FROM (
  SELECT d.*,
         CAST(sum(d.tx_count) OVER w AS BIGINT) AS cum_tx_count,
         CAST(sum(d.size_bytes) OVER w AS BIGINT) AS cum_size_bytes,
         lag(d.tx_count) OVER w AS prev_tx_count,
         lag(d.trigger_count) OVER w AS prev_trigger_count,
         lag(d.caller_count) OVER w AS prev_caller_count,
         lag(d.active_count) OVER w AS prev_active_count,
         lag(d.energy_usage_total) OVER w AS prev_energy_usage_total,
         lag(d.net_usage + d.net_burn_bytes) OVER w AS prev_net_total
  FROM daily_network_stats d
  WHERE d.day <= $end_day
  WINDOW w AS (ORDER BY d.day)
)
WHERE day >= $start_day
ORDER BY day;
