-- Per token (TRC20, TRC10, TRC721): the amounts held by holder-rank bands (top 10, 11-50, 51-100, 101-500, other)
-- over positive balances, exact; TRC721 counts NFTs per owner. The same ledgers as trc20_balances, trc10_balances
-- and trc721_owners (a derived table reads raw tables only, so the SELECTs are repeated here).
WITH l20 AS (
  SELECT contract_address AS token_id, holder AS h, sum(d) AS bal FROM (
    SELECT contract_address, to_address AS holder, CAST(amount_raw AS HUGEINT) AS d FROM token_transfers WHERE token_standard = 'trc20'
    UNION ALL SELECT contract_address, from_address, -CAST(amount_raw AS HUGEINT) FROM token_transfers WHERE token_standard = 'trc20'
  ) WHERE holder <> 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb' GROUP BY ALL HAVING sum(d) > 0
),
l10 AS (
  SELECT token_id, holder AS h, sum(d) AS bal FROM (
    SELECT token_id, to_address AS holder, CAST(amount AS HUGEINT) AS d FROM transactions WHERE contract_type = 2 AND contract_ret = 'SUCCESS' AND token_id IS NOT NULL
    UNION ALL SELECT token_id, owner_address, -CAST(amount AS HUGEINT) FROM transactions WHERE contract_type = 2 AND contract_ret = 'SUCCESS' AND token_id IS NOT NULL
    UNION ALL SELECT token_id, issuer_address, CAST(total_supply_raw AS HUGEINT) FROM tokens WHERE token_standard = 'trc10'
  ) GROUP BY ALL HAVING sum(d) > 0
),
owner721 AS (
  SELECT t.contract_address, t.token_id, arg_max(t.to_address, (t.block_number, x.tx_index, t.log_index)) AS owner
  FROM token_transfers t JOIN transactions x ON x.block_number = t.block_number AND x.tx_hash = t.tx_hash
  WHERE t.token_standard = 'trc721' GROUP BY ALL
),
l721 AS (
  SELECT contract_address AS token_id, owner AS h, CAST(count(*) AS HUGEINT) AS bal FROM owner721 WHERE owner <> 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb' GROUP BY ALL
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
