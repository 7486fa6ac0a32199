-- The bigAmount type code of every transaction with a DeFi protocol event (issue 34, SPEC §4.4 `types`): the action of
-- its first event in log order decides (a liquidation's RepayBorrow comes before its LiquidateBorrow; a V2 swap's Swap
-- after its Transfers, but it is the transaction's only event that is not a reserve row). Reserve rows (Sync, Snapshot)
-- say what a pool holds, not what the user did: left out. Several legs of one log share its action, pool and name.
-- Run over the new blocks only at a publish (growth runs): a transaction's events are in its own block.
WITH events AS (
  SELECT block_number, "timestamp", tx_hash, tx_index, log_index, project, pool_address AS contract_address, event_name,
         CASE action WHEN 'swap' THEN 3 WHEN 'add_liquidity' THEN 4 WHEN 'remove_liquidity' THEN 5 END AS type_code
  FROM dex_pool_events
  WHERE action IN ('swap', 'add_liquidity', 'remove_liquidity')
  UNION ALL
  SELECT block_number, "timestamp", tx_hash, tx_index, log_index, project, market_address, event_name,
         CASE action WHEN 'supply' THEN 6 WHEN 'borrow' THEN 7 WHEN 'repay' THEN 8 WHEN 'liquidate' THEN 8 WHEN 'redeem' THEN 9 END
  FROM lending_events
  WHERE action IN ('supply', 'borrow', 'repay', 'liquidate', 'redeem')
)
SELECT block_number, any_value("timestamp") AS "timestamp", any_value(tx_hash) AS tx_hash, tx_index,
       CAST(arg_min(type_code, log_index) AS INTEGER) AS type_code, arg_min(project, log_index) AS project,
       arg_min(contract_address, log_index) AS contract_address, arg_min(event_name, log_index) AS event_name
FROM events
GROUP BY block_number, tx_index
