-- The newest day of witness production (currentProducePercentage of /api/witness/general-info).
SELECT witness_address, produced, missed FROM witness_daily_stats
WHERE day = (SELECT max(day) FROM witness_daily_stats)
