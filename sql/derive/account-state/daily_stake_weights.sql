-- Weights at the end of each day, backward from the newest network snapshot (design map R7): weight(d) = weight at
-- the snapshot - stake moved after day d (sun / 10^6, rounded once at the end). Stake moves: freezes add, unstakes
-- (v1 and v2) take; delegations only move stake between accounts; CancelAllUnfreezeV2 re-stakes its amounts. Each move
-- counts in the weight of its resource only (java-tron: TotalTronPowerWeight holds the TRON_POWER-only stakes).
WITH snap AS (
  SELECT * FROM network_snapshots ORDER BY as_of_block DESC LIMIT 1
), moves AS (
  SELECT "timestamp", resource,
         CASE operation WHEN 'freeze_v1' THEN amount WHEN 'freeze_v2' THEN amount
                        WHEN 'unfreeze_v1' THEN -amount WHEN 'unfreeze_v2' THEN -amount ELSE 0 END AS d
  FROM stake_events WHERE operation IN ('freeze_v1', 'freeze_v2', 'unfreeze_v1', 'unfreeze_v2')
  UNION ALL
  SELECT "timestamp", unnest(['BANDWIDTH', 'ENERGY']),
         unnest([coalesce(TRY_CAST(json_extract(cancel_json, '$.BANDWIDTH') AS BIGINT), 0), coalesce(TRY_CAST(json_extract(cancel_json, '$.ENERGY') AS BIGINT), 0)])
  FROM stake_events WHERE operation = 'cancel_all_unfreeze'
), days AS (
  SELECT DISTINCT CAST(CAST(epoch_ms("timestamp") AS DATE) AS VARCHAR) AS day FROM blocks
), per_day AS (
  SELECT CAST(CAST(epoch_ms(moves."timestamp") AS DATE) AS VARCHAR) AS day,
         sum(CASE WHEN resource = 'BANDWIDTH' THEN d ELSE 0 END)::HUGEINT AS net, sum(CASE WHEN resource = 'ENERGY' THEN d ELSE 0 END)::HUGEINT AS energy,
         sum(CASE WHEN resource = 'TRON_POWER' THEN d ELSE 0 END)::HUGEINT AS tp
  FROM moves, snap WHERE moves."timestamp" <= snap."timestamp" GROUP BY 1
), after AS (
  SELECT d.day,
         coalesce(sum(p.net) FILTER (WHERE p.day > d.day), 0) AS net_after, coalesce(sum(p.energy) FILTER (WHERE p.day > d.day), 0) AS energy_after,
         coalesce(sum(p.tp) FILTER (WHERE p.day > d.day), 0) AS tp_after,
         coalesce(sum(p.net) FILTER (WHERE p.day = d.day), 0) AS net_day, coalesce(sum(p.energy) FILTER (WHERE p.day = d.day), 0) AS energy_day
  FROM days d LEFT JOIN per_day p ON true GROUP BY d.day
)
SELECT a.day, epoch_ms(CAST(a.day AS DATE)::TIMESTAMP) AS day_ts,
       (s.total_net_weight - round(a.net_after / 1000000))::BIGINT AS net_weight,
       (s.total_energy_weight - round(a.energy_after / 1000000))::BIGINT AS energy_weight,
       (s.total_tron_power_weight - round(a.tp_after / 1000000))::BIGINT AS tron_power_weight,
       s.total_net_limit AS net_limit, s.total_energy_limit AS energy_limit,
       a.net_day::BIGINT AS net_staked, a.energy_day::BIGINT AS energy_staked
FROM after a, snap s
