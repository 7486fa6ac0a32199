-- Per token (TRC20, TRC10, TRC721): the amounts held by holder-rank bands (top 10, 11-50, 51-100, 101-500, other)
-- over positive balances, exact; TRC721 counts NFTs per owner. Read from the ledgers derived before it
-- (trc20_balances, trc10_balances, trc721_owners), so every endpoint agrees on who holds what.
WITH l20 AS (
  SELECT contract_address AS token_id, holder_address AS h, CAST(balance_raw AS HUGEINT) AS bal
  FROM trc20_balances WHERE holder_rank IS NOT NULL
),
l10 AS (
  SELECT token_id, holder_address AS h, CAST(balance_raw AS HUGEINT) AS bal
  FROM trc10_balances WHERE CAST(balance_raw AS HUGEINT) > 0
),
l721 AS (
  SELECT contract_address AS token_id, owner_address AS h, CAST(count(*) AS HUGEINT) AS bal
  FROM trc721_owners WHERE owner_address <> zero_address() GROUP BY ALL
),
ranked AS (
  SELECT token_id, bal, row_number() OVER (PARTITION BY token_id ORDER BY bal DESC, h) AS rk
  FROM (SELECT * FROM l20 UNION ALL SELECT * FROM l10 UNION ALL SELECT * FROM l721)
)
SELECT token_id, count(*) AS holders,
       CAST(sum(bal) AS VARCHAR) AS total_raw,
       CAST(coalesce(sum(bal) FILTER (WHERE rk <= 10), 0) AS VARCHAR) AS rank1_10_raw,
       CAST(coalesce(sum(bal) FILTER (WHERE rk BETWEEN 11 AND 50), 0) AS VARCHAR) AS rank11_50_raw,
       CAST(coalesce(sum(bal) FILTER (WHERE rk BETWEEN 51 AND 100), 0) AS VARCHAR) AS rank51_100_raw,
       CAST(coalesce(sum(bal) FILTER (WHERE rk BETWEEN 101 AND 500), 0) AS VARCHAR) AS rank101_500_raw,
       CAST(coalesce(sum(bal) FILTER (WHERE rk > 500), 0) AS VARCHAR) AS other_raw
FROM ranked
GROUP BY token_id
