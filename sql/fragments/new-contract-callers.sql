-- Per UTC day and called contract: the callers of the new blocks (schema delta) that the day's previous set
-- (prevdays.daily_account_roles) does not hold, i.e. what the day's distinct caller count gains (the per-day merges of
-- daily_contract_resources and daily_contract_call_stats).
SELECT r.day, r.key AS contract_address, count(*) AS callers
FROM ({{> derive/daily-rollups/daily_account_roles}}) r
WHERE r.role = 'caller' AND r.key <> ''
  AND NOT EXISTS (
    SELECT 1 FROM prevdays.daily_account_roles p
    WHERE p.day = r.day AND p.role = 'caller' AND p.key = r.key AND p.address = r.address
  )
GROUP BY ALL
