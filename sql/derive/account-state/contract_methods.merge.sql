-- contract_methods.sql over the new blocks, added to the previous version's rows.
SELECT contract_address, method_id,
       CAST(coalesce(p.call_count, 0) + coalesce(d.call_count, 0) AS BIGINT) AS call_count,
       greatest(p.last_ts, d.last_ts) AS last_ts
FROM prev.contract_methods p
FULL OUTER JOIN (
  SELECT contract_address, coalesce(method_id, '') AS method_id, count(*) AS call_count, max("timestamp") AS last_ts
  FROM delta.transactions
  WHERE contract_type = 31 AND contract_address IS NOT NULL
  GROUP BY ALL
) d USING (contract_address, method_id)
