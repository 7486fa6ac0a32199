-- The first hour /api/top10 reads (docs/compat.md "Top 10"): the longest window (a week, 168 hours) and the week
-- before it, which the hot rankings compare against: 336 whole UTC hours ending with the head block's hour, and its
-- UTC day (the first day file read). Constants (head_ts() is one), so day files and row groups before are skipped.
CREATE OR REPLACE MACRO top10_since_ts() AS (head_ts() // 3600000 - 335) * 3600000;
