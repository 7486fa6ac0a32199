-- defi_positions.sql with the borrow history replaced by the previous version's rows: a borrow row is the newest
-- Borrow / RepayBorrow of its (borrower, market), so the new blocks' events supersede it (a debt repaid to 0 drops
-- the row). Supply and LP rows are read again from the new ledger (trc20_balances), bounded by the registry tokens'
-- positions.
WITH {{> fragments/defi-held}},
events AS (
  SELECT holder_address, contract_address, underlying_address, balance_raw AS account_borrows_raw,
         update_block AS block_number, event_tx_index AS tx_index, event_log_index AS log_index
  FROM prev.defi_positions WHERE kind = 'borrow'
  UNION ALL
  SELECT e.borrower_address, e.market_address, e.underlying_address, e.account_borrows_raw, e.block_number, e.tx_index, e.log_index
  FROM delta.lending_events e
  WHERE e.event_name IN ('Borrow', 'RepayBorrow') AND e.account_borrows_raw IS NOT NULL
),
borrows AS (
  SELECT * FROM events
  QUALIFY row_number() OVER (PARTITION BY holder_address, contract_address ORDER BY block_number DESC, tx_index DESC, log_index DESC) = 1
)
{{> fragments/defi-position-rows}}
