-- Issue 33 (dex_prices): floor(n / d) in units of 10^-18, exact in HUGEINT by long division in three steps of six
-- digits (no DOUBLE, no DECIMAL division, which DuckDB does in DOUBLE). Needs 0 <= n, 0 < d < 1.7e32 and a quotient
-- below 1.7e20, e.g. ratio_e18(sum(wtrx_sun), sum(token_raw)); NULL when d = 0.
CREATE OR REPLACE MACRO ratio_e18(n, d) AS CASE WHEN d > 0 THEN
  (n // d) * 1000000000000000000::HUGEINT
  + ((n % d) * 1000000) // d * 1000000000000::HUGEINT
  + (((n % d) * 1000000) % d * 1000000) // d * 1000000::HUGEINT
  + ((((n % d) * 1000000) % d * 1000000) % d * 1000000) // d END;
