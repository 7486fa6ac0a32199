-- The columns of the rewritten days that do not add up, for derive.ts to join with the measures it combines from the
-- catalog (counts, sums, the first and last block: growth per-day `merge`, derive.ts measuredMerge). The new blocks'
-- rows are newrows.daily_network_stats (daily_network_stats.sql over schema delta); the day's previous row is
-- prevdays.daily_network_stats. The prices are those at the new last block. The distinct counts add the new blocks'
-- accounts that the day's previous set (prevdays.daily_account_roles) does not hold in that role.
WITH d AS (
  SELECT day, day_ts, energy_price, net_price FROM newrows.daily_network_stats
), roles AS (
  {{> derive/daily-rollups/daily_account_roles}}
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
       coalesce(p.caller_count, 0) + coalesce(f.callers, 0) AS caller_count,
       coalesce(p.sender_count, 0) + coalesce(f.senders, 0) AS sender_count,
       coalesce(p.active_count, 0) + coalesce(f.actives, 0) AS active_count,
       d.energy_price, d.net_price
FROM d
LEFT JOIN prevdays.daily_network_stats p ON p.day = d.day
LEFT JOIN fresh f ON f.day = d.day
UNION ALL BY NAME
-- A rewritten day without new blocks keeps its row.
SELECT p.day, p.day_ts, p.caller_count, p.sender_count, p.active_count, p.energy_price, p.net_price
FROM prevdays.daily_network_stats p WHERE p.day NOT IN (SELECT day FROM d)
