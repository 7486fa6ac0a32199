-- /api/account/holderToken/asset/changeBalance and asset/valueInfo: the lake days of [$start_day, $end_day], read once
-- per version over every day (the series' `perVersion`) and cut to the range: changeBalance keeps the days on which the
-- account moved the token, valueInfo answers each with its balance and price (shapes/holder-token.ts).
-- @param start_day VARCHAR
-- @param end_day VARCHAR
SELECT day FROM daily_network_series WHERE day BETWEEN $start_day AND $end_day
