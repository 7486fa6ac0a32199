-- The network overview of each UTC day of [$start_day, $end_day] (daily_network_series): counts by kind, blocks,
-- resources, running chain totals and the day before's figures for the rates.
-- @param start_day VARCHAR
-- @param end_day VARCHAR
SELECT day, tx_count, active_count, block_count, first_block_ts, last_block_ts, last_block, size_bytes, trigger_count,
       trc10_issued_count, trx_transfer_count, trc10_transfer_count, freeze_count, unfreeze_count, vote_count, shielded_count,
       energy_usage_total, net_usage, net_burn_bytes, chain_tx_count, chain_size_bytes, counted_from,
       prev_energy_usage_total, prev_net_total, prev_active_count
FROM daily_network_series
WHERE day BETWEEN $start_day AND $end_day
