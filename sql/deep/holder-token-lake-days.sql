-- /api/account/holderToken/asset/changeBalance: the lake days of [$start_day, $end_day] (the series' range; the
-- endpoint keeps those on which the account moved the token, from deep/holder-token-history).
-- @param start_day VARCHAR
-- @param end_day VARCHAR
SELECT day FROM daily_network_series WHERE day BETWEEN $start_day AND $end_day
