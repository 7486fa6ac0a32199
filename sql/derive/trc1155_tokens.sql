-- One row per TRC1155 token id: holders with a positive balance, transfers, latest transfer time.
WITH moves AS (
  SELECT contract_address, token_id, to_address AS holder_address, CAST(amount_raw AS HUGEINT) AS delta
  FROM token_transfers WHERE token_standard = 'trc1155'
  UNION ALL
  SELECT contract_address, token_id, from_address, -CAST(amount_raw AS HUGEINT)
  FROM token_transfers WHERE token_standard = 'trc1155'
),
bal AS (
  SELECT contract_address, token_id, holder_address, sum(delta) AS balance
  FROM moves WHERE holder_address <> zero_address() GROUP BY ALL
),
tr AS (
  SELECT contract_address, token_id, count(*) AS transfer_count, max("timestamp") AS latest_transfer_ts
  FROM token_transfers WHERE token_standard = 'trc1155' GROUP BY ALL
)
SELECT tr.contract_address, tr.token_id, coalesce(h.n, 0) AS holders_count, tr.transfer_count, tr.latest_transfer_ts
FROM tr LEFT JOIN (SELECT contract_address, token_id, count(*) AS n FROM bal WHERE balance > 0 GROUP BY ALL) h
  ON h.contract_address = tr.contract_address AND h.token_id = tr.token_id
