-- /api/tokens/position-distribution: amounts held by holder-rank bands of one token (TRC20, TRC10 or TRC721: NFTs
-- counted per owner), exact, from the derived ledgers. Reads one token's rows of the (token, balance)-sorted tables.
-- @param token_id VARCHAR
WITH b AS (
  SELECT CAST(balance_raw AS HUGEINT) AS bal FROM trc20_balances WHERE contract_address = $token_id AND balance > 0
  UNION ALL
  SELECT CAST(balance_raw AS HUGEINT) FROM trc10_balances WHERE token_id = $token_id AND balance > 0
  UNION ALL
  SELECT CAST(count(*) AS HUGEINT) FROM trc721_owners
  WHERE contract_address = $token_id AND owner_address <> 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb' GROUP BY owner_address
),
r AS (SELECT bal, row_number() OVER (ORDER BY bal DESC) AS rk FROM b)
SELECT count(*) AS holders,
       CAST(coalesce(sum(bal), 0) AS VARCHAR) AS total,
       CAST(coalesce(sum(bal) FILTER (WHERE rk <= 10), 0) AS VARCHAR) AS r1_10,
       CAST(coalesce(sum(bal) FILTER (WHERE rk BETWEEN 11 AND 50), 0) AS VARCHAR) AS r11_50,
       CAST(coalesce(sum(bal) FILTER (WHERE rk BETWEEN 51 AND 100), 0) AS VARCHAR) AS r51_100,
       CAST(coalesce(sum(bal) FILTER (WHERE rk BETWEEN 101 AND 500), 0) AS VARCHAR) AS r101_500,
       CAST(coalesce(sum(bal) FILTER (WHERE rk > 500), 0) AS VARCHAR) AS other
FROM r;
