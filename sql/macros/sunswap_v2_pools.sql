-- Issue 33: the SunSwap V2 pools dex_prices reads, the registry src/chain/sunswap-pools.ts as a table (test/chain/sunswap-pools.test.ts
-- checks they agree): pool, token0 / token1 (the Swap words' order), their decimals, and whether TRX's USD price comes from it.
CREATE OR REPLACE MACRO sunswap_v2_pools() AS TABLE
SELECT * FROM (VALUES
  ('TFGDbUyP8xez44C76fin3bn3Ss6jugoUwJ', 'TNUC9Qb1rRpS5CbWLmNMxXBjyFoydXjWFR', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', 6, 6, true)
) p(pool, token0, token1, token0_decimals, token1_decimals, usd_quote);
