-- Transactions per address over the raw transactions of schema {{1}} (main: the whole lake; delta: the new blocks).
-- Sides as in address_transactions: the signer, and the receiver (to_address, else the created / called contract).
SELECT address, sum(o)::BIGINT AS tx_out, sum(i)::BIGINT AS tx_in, sum(t)::BIGINT AS tx_total,
       min(ts) AS first_ts, max(ts) AS last_ts, max(ts) FILTER (WHERE o = 1) AS last_out_ts
FROM (
  SELECT owner_address AS address, 1 AS o,
         (coalesce(to_address, contract_address) IS NOT DISTINCT FROM owner_address)::INTEGER AS i, 1 AS t, timestamp AS ts
  FROM {{1}}.transactions
  UNION ALL
  SELECT coalesce(to_address, contract_address), 0, 1, 1, timestamp FROM {{1}}.transactions
  WHERE coalesce(to_address, contract_address) <> owner_address
)
GROUP BY address
