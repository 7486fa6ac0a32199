-- token_flows.sql over the new rows, added to the previous version's flows.
WITH d AS (
  SELECT 'smart' AS flow, contract_address AS token_id, count(*) AS transfer_count,
         coalesce(sum(CAST(amount_raw AS HUGEINT)) FILTER (WHERE from_address = zero_address()), 0) AS minted,
         coalesce(sum(CAST(amount_raw AS HUGEINT)) FILTER (WHERE to_address = zero_address()), 0) AS burned
  FROM delta.token_transfers
  GROUP BY contract_address
  UNION ALL
  SELECT 'trc10', token_id, count(*), 0, 0
  FROM delta.transactions
  WHERE contract_type = 2 AND contract_ret = 'SUCCESS' AND token_id IS NOT NULL
  GROUP BY token_id
)
SELECT flow, token_id,
       CAST(coalesce(p.transfer_count, 0) + coalesce(d.transfer_count, 0) AS BIGINT) AS transfer_count,
       CAST(coalesce(CAST(p.minted_raw AS HUGEINT), 0) + coalesce(d.minted, 0) AS VARCHAR) AS minted_raw,
       CAST(coalesce(CAST(p.burned_raw AS HUGEINT), 0) + coalesce(d.burned, 0) AS VARCHAR) AS burned_raw
FROM prev.token_flows p FULL OUTER JOIN d USING (flow, token_id)
