-- Rows per address in the by-address copies of token transfers and internal transactions, over the raw tables of
-- schema {{1}} (main: the whole lake; delta: the new blocks). The sides are the copies' own
-- (sql/derive/address_*.sql): the sender's row, and the receiver's when it is another address (a self movement is
-- filed once). address_transactions' rows per address are account_activity's tx_total (same sides, same rule): not
-- counted a second time here (4.2 M of 7.9 M rows, ~100 MB on the 10.5 M-transaction lake).
SELECT dataset, address, count(*) AS row_count
FROM (
  SELECT 'address_token_transfers' AS dataset, from_address AS address FROM {{1}}.token_transfers
  UNION ALL
  SELECT 'address_token_transfers', to_address FROM {{1}}.token_transfers WHERE to_address <> from_address
  UNION ALL
  SELECT 'address_internal_transactions', caller_address FROM {{1}}.internal_transactions
  UNION ALL
  SELECT 'address_internal_transactions', to_address FROM {{1}}.internal_transactions WHERE to_address <> caller_address
)
GROUP BY dataset, address
