-- daily_network_stats.sql over the new blocks (schema delta first on the search path), merged into the rewritten
-- days' previous rows (prevdays.daily_network_stats): counts and sums add up, the first block is the lower and the last
-- the higher, the prices are those at the new last block; a NULL burn or stake figure (a burn without a price) stays
-- NULL. The distinct counts add the new blocks' accounts that the day's previous set (prevdays.daily_account_roles)
-- does not hold in that role.
WITH d AS (
  {{> derive/daily_network_stats}}
), roles AS (
  {{> derive/daily_account_roles}}
), fresh AS (
  -- Per day: accounts new to the day as senders, as callers (of any contract), as active (sender or receiver).
  SELECT day,
         count(DISTINCT address) FILTER (WHERE side = 'sender') AS senders,
         count(DISTINCT address) FILTER (WHERE side = 'caller') AS callers,
         count(DISTINCT address) FILTER (WHERE side = 'active') AS actives
  FROM (
    SELECT DISTINCT r.day, s.side, r.address
    FROM roles r
    JOIN (VALUES ('sender', 'sender'), ('caller', 'caller'), ('sender', 'active'), ('receiver', 'active')) s(role, side) ON s.role = r.role
    WHERE NOT EXISTS (
      SELECT 1 FROM prevdays.daily_account_roles p
      JOIN (VALUES ('sender', 'sender'), ('caller', 'caller'), ('sender', 'active'), ('receiver', 'active')) q(role, side) ON q.role = p.role
      WHERE p.day = r.day AND p.address = r.address AND q.side = s.side
    )
  )
  GROUP BY day
)
SELECT d.day, d.day_ts,
       coalesce(p.block_count, 0) + d.block_count AS block_count,
       coalesce(p.size_bytes, 0) + d.size_bytes AS size_bytes,
       least(p.first_block, d.first_block) AS first_block,
       greatest(p.last_block, d.last_block) AS last_block,
       least(p.first_block_ts, d.first_block_ts) AS first_block_ts,
       greatest(p.last_block_ts, d.last_block_ts) AS last_block_ts,
       coalesce(p.tx_count, 0) + d.tx_count AS tx_count,
       coalesce(p.trigger_count, 0) + d.trigger_count AS trigger_count,
       coalesce(p.caller_count, 0) + coalesce(f.callers, 0) AS caller_count,
       coalesce(p.sender_count, 0) + coalesce(f.senders, 0) AS sender_count,
       coalesce(p.active_count, 0) + coalesce(f.actives, 0) AS active_count,
       CAST(CAST(coalesce(p.trx_amount_raw, '0') AS HUGEINT) + CAST(d.trx_amount_raw AS HUGEINT) AS VARCHAR) AS trx_amount_raw,
       coalesce(p.trx_transfer_count, 0) + d.trx_transfer_count AS trx_transfer_count,
       coalesce(p.trc10_transfer_count, 0) + d.trc10_transfer_count AS trc10_transfer_count,
       coalesce(p.freeze_count, 0) + d.freeze_count AS freeze_count,
       coalesce(p.unfreeze_count, 0) + d.unfreeze_count AS unfreeze_count,
       coalesce(p.vote_count, 0) + d.vote_count AS vote_count,
       coalesce(p.shielded_count, 0) + d.shielded_count AS shielded_count,
       coalesce(p.trc10_issued_count, 0) + d.trc10_issued_count AS trc10_issued_count,
       coalesce(p.contracts_created_count, 0) + d.contracts_created_count AS contracts_created_count,
       coalesce(p.fee, 0) + d.fee AS fee,
       coalesce(p.energy_usage_total, 0) + d.energy_usage_total AS energy_usage_total,
       coalesce(p.energy_usage, 0) + d.energy_usage AS energy_usage,
       coalesce(p.origin_energy_usage, 0) + d.origin_energy_usage AS origin_energy_usage,
       coalesce(p.energy_fee, 0) + d.energy_fee AS energy_fee,
       CASE WHEN p.day IS NULL THEN d.energy_burn_units ELSE p.energy_burn_units + d.energy_burn_units END AS energy_burn_units,
       CASE WHEN p.day IS NULL THEN d.energy_stake_sun ELSE p.energy_stake_sun + d.energy_stake_sun END AS energy_stake_sun,
       coalesce(p.net_usage, 0) + d.net_usage AS net_usage,
       coalesce(p.net_fee, 0) + d.net_fee AS net_fee,
       CASE WHEN p.day IS NULL THEN d.net_burn_bytes ELSE p.net_burn_bytes + d.net_burn_bytes END AS net_burn_bytes,
       CASE WHEN p.day IS NULL THEN d.net_stake_sun ELSE p.net_stake_sun + d.net_stake_sun END AS net_stake_sun,
       d.energy_price, d.net_price
FROM d
LEFT JOIN prevdays.daily_network_stats p ON p.day = d.day
LEFT JOIN fresh f ON f.day = d.day
UNION ALL BY NAME
-- A rewritten day without new blocks keeps its row.
SELECT p.* FROM prevdays.daily_network_stats p WHERE p.day NOT IN (SELECT day FROM d)
