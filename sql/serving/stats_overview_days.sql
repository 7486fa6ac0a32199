-- /api/stats/overview's rows, one per lake day, computed once per version: the network's day rows
-- (daily_network_series: counts, blocks, resources, running chain totals, the day before's figures) beside the account
-- figures of /api/overview/accountswithtrx from their one source (sql/fragments/trx-holder-days.sql), so a request
-- is a filtered scan, and a damaged account dataset fails this table and accountswithtrx, not every network series.
WITH {{> fragments/trx-holder-days}}
SELECT d.day, d.tx_count, d.active_count, d.block_count, d.first_block_ts, d.last_block_ts, d.last_block, d.size_bytes,
       d.trigger_count, d.trc10_issued_count, d.trx_transfer_count, d.trc10_transfer_count, d.freeze_count,
       d.unfreeze_count, d.vote_count, d.shielded_count, d.energy_usage_total, d.net_usage, d.net_burn_bytes,
       d.chain_tx_count, d.chain_size_bytes, d.counted_from, d.prev_energy_usage_total, d.prev_net_total,
       d.prev_active_count, d.chain_trc10_count,
       h.total_address, h.new_address, h.account_with_trx, h.prev_total_address, h.prev_new_address
FROM daily_network_series d
LEFT JOIN holder_days h ON h.day = d.day
ORDER BY d.day
