-- Issue 33 (dex_prices): floor(a × b) of two non-negative amounts in units of 10^-18 (HUGEINT), in units of 10^-18:
-- b cut in two halves of nine digits so no partial product passes 2^127 (a below 1e26, b below 1e28).
CREATE OR REPLACE MACRO mul_e18(a, b) AS (a * (b // 1000000000) + (a * (b % 1000000000)) // 1000000000) // 1000000000;
