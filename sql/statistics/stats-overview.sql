-- The network overview of each UTC day of [$start_day, $end_day] (the serving table stats_overview_days): counts by
-- kind, blocks, resources, running chain totals, the day before's figures for the rates, and the account figures of
-- /api/overview/accountswithtrx (their one source, sql/fragments/trx-holder-days.sql).
-- @param start_day VARCHAR
-- @param end_day VARCHAR
SELECT day, tx_count, active_count, block_count, first_block_ts, last_block_ts, last_block, size_bytes, trigger_count,
       trc10_issued_count, trx_transfer_count, trc10_transfer_count, freeze_count, unfreeze_count, vote_count, shielded_count,
       energy_usage_total, net_usage, net_burn_bytes, chain_tx_count, chain_size_bytes, counted_from,
       prev_energy_usage_total, prev_net_total, prev_active_count, chain_trc10_count,
       total_address, new_address, account_with_trx, prev_total_address, prev_new_address
FROM stats_overview_days
WHERE day BETWEEN $start_day AND $end_day
