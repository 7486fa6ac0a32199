-- trc1155_tokens.sql: transfer counts and latest times are running state (previous version + new transfers); the
-- holder counts are read from trc1155_balances of this version (positive rows; the ledger excludes the zero address).
WITH d AS (
  SELECT contract_address, token_id, count(*) AS transfer_count, max("timestamp") AS latest_transfer_ts
  FROM delta.token_transfers WHERE token_standard = 'trc1155' GROUP BY ALL
),
tr AS (
  SELECT contract_address, token_id,
         CAST(coalesce(p.transfer_count, 0) + coalesce(d.transfer_count, 0) AS BIGINT) AS transfer_count,
         coalesce(d.latest_transfer_ts, p.latest_transfer_ts) AS latest_transfer_ts
  FROM prev.trc1155_tokens p FULL OUTER JOIN d USING (contract_address, token_id)
),
h AS (
  SELECT contract_address, token_id, count(*) AS n FROM trc1155_balances WHERE balance_raw NOT LIKE '-%' GROUP BY ALL
)
SELECT tr.contract_address, tr.token_id, coalesce(h.n, 0) AS holders_count, tr.transfer_count, tr.latest_transfer_ts
FROM tr LEFT JOIN h ON h.contract_address = tr.contract_address AND h.token_id = tr.token_id
