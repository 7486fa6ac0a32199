-- Rows per address in each by-address copy, over the raw tables of schema {{1}} (main: the whole lake; delta: the
-- new blocks). The sides are the copies' own (sql/derive/address_*.sql): the sender's row, and the receiver's when
-- it is another address (a self movement is filed once).
SELECT dataset, address, count(*) AS row_count
FROM (
  SELECT 'address_transactions' AS dataset, owner_address AS address FROM {{1}}.transactions
  UNION ALL
  SELECT 'address_transactions', coalesce(to_address, contract_address) FROM {{1}}.transactions
  WHERE coalesce(to_address, contract_address) <> owner_address
  UNION ALL
  SELECT 'address_token_transfers', from_address FROM {{1}}.token_transfers
  UNION ALL
  SELECT 'address_token_transfers', to_address FROM {{1}}.token_transfers WHERE to_address <> from_address
  UNION ALL
  SELECT 'address_internal_transactions', caller_address FROM {{1}}.internal_transactions
  UNION ALL
  SELECT 'address_internal_transactions', to_address FROM {{1}}.internal_transactions WHERE to_address <> caller_address
)
GROUP BY dataset, address
