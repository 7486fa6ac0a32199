-- The UTC day of top10_since_ts(), yyyy-MM-dd: the first day file /api/top10 reads (named after it: macros are
-- created in name order).
CREATE OR REPLACE MACRO top10_since_ts_day() AS strftime(epoch_ms(top10_since_ts()), '%Y-%m-%d');
