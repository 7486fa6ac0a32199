-- defi_positions.sql with the borrow history replaced by the previous version's rows: a borrow row is the newest
-- Borrow / RepayBorrow of its (borrower, market), so the new blocks' events supersede it (a debt repaid to 0 drops
-- the row). Supply and LP rows are read again from the new ledger (trc20_balances), bounded by the registry tokens'
-- positions.
WITH held AS (
  SELECT contract_address, project, venue,
         CASE WHEN role = 'market' THEN 'supply' ELSE 'lp' END AS kind,
         CASE WHEN role = 'market' THEN trim(tokens) END AS underlying_address
  FROM main.project_contracts
  WHERE (venue = 'justlend' AND role = 'market' AND lp_token = contract_address)
     OR (venue = 'sunswap_v2' AND role = 'pool' AND lp_token = contract_address)
),
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
SELECT b.holder_address, h.project, h.contract_address, h.venue, h.kind, h.contract_address AS token_address,
       h.underlying_address, b.balance_raw, b.update_block, CAST(NULL AS INTEGER) AS event_tx_index,
       CAST(NULL AS INTEGER) AS event_log_index
FROM held h JOIN main.trc20_balances b ON b.contract_address = h.contract_address AND b.holder_address <> h.contract_address
WHERE CAST(b.balance_raw AS HUGEINT) > 0
UNION ALL
SELECT x.holder_address, pc.project, x.contract_address, pc.venue, 'borrow', x.underlying_address, x.underlying_address,
       x.account_borrows_raw, x.block_number, x.tx_index, x.log_index
FROM borrows x JOIN main.project_contracts pc ON pc.contract_address = x.contract_address
WHERE CAST(x.account_borrows_raw AS HUGEINT) > 0
