-- One row per TRC1155 token id: holders with a positive balance (the positive rows of trc1155_balances, which
-- starts from the opening quantities and excludes the zero address), transfers, latest transfer time.
WITH tr AS (
  SELECT contract_address, token_id, count(*) AS transfer_count, max("timestamp") AS latest_transfer_ts
  FROM token_transfers WHERE token_standard = 'trc1155' GROUP BY ALL
),
h AS (
  SELECT contract_address, token_id, count(*) AS n FROM trc1155_balances WHERE balance_raw NOT LIKE '-%' GROUP BY ALL
)
SELECT tr.contract_address, tr.token_id, coalesce(h.n, 0) AS holders_count, tr.transfer_count, tr.latest_transfer_ts
FROM tr LEFT JOIN h ON h.contract_address = tr.contract_address AND h.token_id = tr.token_id
