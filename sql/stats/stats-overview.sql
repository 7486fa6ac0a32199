-- The network overview of each UTC day of [$start_day, $end_day] (daily_network_series): counts by kind, blocks,
-- resources, running chain totals and the day before's figures for the rates; the account figures from
-- trx_holder_series, the serving table /api/overview/accountswithtrx reads (one source for both endpoints).
-- @param start_day VARCHAR
-- @param end_day VARCHAR
SELECT d.day, d.tx_count, d.active_count, d.block_count, d.first_block_ts, d.last_block_ts, d.last_block, d.size_bytes,
       d.trigger_count, d.trc10_issued_count, d.trx_transfer_count, d.trc10_transfer_count, d.freeze_count, d.unfreeze_count,
       d.vote_count, d.shielded_count, d.energy_usage_total, d.net_usage, d.net_burn_bytes, d.chain_tx_count,
       d.chain_size_bytes, d.counted_from, d.prev_energy_usage_total, d.prev_net_total, d.prev_active_count,
       h.total_address, h.new_address, h.account_with_trx, h.prev_total_address, h.prev_new_address
FROM daily_network_series d
LEFT JOIN trx_holder_series h ON h.day = d.day
WHERE d.day BETWEEN $start_day AND $end_day
ORDER BY d.day
