-- New accounts per UTC day of [$start_day, $end_day]: accounts (sql/derive/accounts.sql) by creation day, every lake
-- day listed (daily_network_series has one row per day), 0 when none was created.
-- @param start_day VARCHAR
-- @param end_day VARCHAR
SELECT d.day, coalesce(n.n, 0)::BIGINT AS new_accounts
FROM (SELECT day FROM daily_network_series WHERE day BETWEEN $start_day AND $end_day) d
LEFT JOIN (
  SELECT strftime(epoch_ms(create_time), '%Y-%m-%d') AS day, count(*) AS n FROM accounts
  WHERE create_time >= epoch_ms(CAST($start_day AS DATE)::TIMESTAMP) AND create_time < epoch_ms((CAST($end_day AS DATE) + 1)::TIMESTAMP)
  GROUP BY 1
) n ON n.day = d.day
