-- /api/tokens/position-distribution: amounts held by holder-rank bands of one token, exact, from the derived
-- ledgers. TRC20 reads the precomputed holder_rank (no window over the token's holders); TRC10 and TRC721 (NFTs
-- counted per owner) rank here: their holder sets are small.
-- @param token_id VARCHAR
WITH ranked AS (
  SELECT holder_rank AS rk, CAST(balance_raw AS HUGEINT) AS bal
  FROM trc20_balances WHERE contract_address = $token_id AND holder_rank IS NOT NULL
  UNION ALL
  SELECT row_number() OVER (ORDER BY bal DESC), bal FROM (
    SELECT CAST(balance_raw AS HUGEINT) AS bal FROM trc10_balances WHERE token_id = $token_id AND balance > 0
    UNION ALL
    SELECT CAST(count(*) AS HUGEINT) FROM trc721_owners
    WHERE contract_address = $token_id AND owner_address <> 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb' GROUP BY owner_address
  )
)
SELECT count(*) AS holders,
       CAST(coalesce(sum(bal), 0) AS VARCHAR) AS total,
       CAST(coalesce(sum(bal) FILTER (WHERE rk <= 10), 0) AS VARCHAR) AS r1_10,
       CAST(coalesce(sum(bal) FILTER (WHERE rk BETWEEN 11 AND 50), 0) AS VARCHAR) AS r11_50,
       CAST(coalesce(sum(bal) FILTER (WHERE rk BETWEEN 51 AND 100), 0) AS VARCHAR) AS r51_100,
       CAST(coalesce(sum(bal) FILTER (WHERE rk BETWEEN 101 AND 500), 0) AS VARCHAR) AS r101_500,
       CAST(coalesce(sum(bal) FILTER (WHERE rk > 500), 0) AS VARCHAR) AS other
FROM ranked;
