-- Issue 33 (dex_prices): a non-negative amount in units of 10^-18 (HUGEINT) as exact decimal text with 18 places,
-- e.g. text_e18(290000000000000000) = '0.290000000000000000' (price_candles' exact text; CAST AS DECIMAL(38,18) reads it).
CREATE OR REPLACE MACRO text_e18(v) AS (v // 1000000000000000000)::VARCHAR || '.' || lpad((v % 1000000000000000000)::VARCHAR, 18, '0');
