-- /api/top10: each window's first hour and the head block time (sql/views/top10_windows.sql).
SELECT "time", start_ts, end_ts FROM top10_windows
