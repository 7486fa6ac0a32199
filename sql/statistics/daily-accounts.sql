-- New accounts per UTC day of [$start_day, $end_day]: accounts (sql/derive/accounts.sql) by creation day, counted once
-- per version (sql/serving/accounts_created_daily.sql); every lake day listed (daily_network_series has one row per day),
-- 0 when none was created.
-- @param start_day VARCHAR
-- @param end_day VARCHAR
SELECT d.day, coalesce(n.n, 0)::BIGINT AS new_accounts
FROM (SELECT day FROM daily_network_series WHERE day BETWEEN $start_day AND $end_day) d
LEFT JOIN (SELECT day, n FROM accounts_created_daily WHERE day BETWEEN $start_day AND $end_day) n ON n.day = d.day
