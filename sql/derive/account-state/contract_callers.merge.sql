-- contract_callers.sql over the new blocks, added to the previous version's rows.
SELECT contract_address, caller_address,
       CAST(coalesce(p.call_count, 0) + coalesce(d.call_count, 0) AS BIGINT) AS call_count,
       least(p.first_ts, d.first_ts) AS first_ts,
       greatest(p.last_ts, d.last_ts) AS last_ts
FROM prev.contract_callers p
FULL OUTER JOIN (
  SELECT contract_address, owner_address AS caller_address, count(*) AS call_count, min("timestamp") AS first_ts, max("timestamp") AS last_ts
  FROM delta.transactions
  WHERE contract_type = 31 AND contract_address IS NOT NULL
  GROUP BY ALL
) d USING (contract_address, caller_address)
