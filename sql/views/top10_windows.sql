-- The sliding windows of /api/top10 (SPEC §4.2; docs/compat.md "Top 10"): `time` 1 = the last hour, 2 = 24 hours,
-- 3 = a week, 4 = 3 days, each the whole UTC hours ending with the hour of the head block (the chain's time, not the
-- wall clock), so a window's hours are the hours of hourly_address_activity. end_ts is the head block time;
-- prev_start_ts starts the window of the same length before it (the hot rankings' rise).
SELECT "time", hours,
       (head_ts() // 3600000 - (hours - 1)) * 3600000 AS start_ts,
       head_ts() AS end_ts,
       (head_ts() // 3600000 - (2 * hours - 1)) * 3600000 AS prev_start_ts
FROM (VALUES (1, 1), (2, 24), (3, 168), (4, 72)) w("time", hours)
