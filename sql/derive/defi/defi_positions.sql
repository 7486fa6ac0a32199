-- DeFi positions per address (issue 34, /api/participate_project). Supply: the jTokens of a JustLend market
-- (project_contracts role 'market', its lp_token is the jToken itself) each holder holds in the TRC20 ledger
-- (trc20_balances), in jToken units (the exchange rate is not a stored fact: the endpoint applies the market's newest
-- Mint / Redeem). LP: the SunSwap V2 pairs' own tokens each holder holds, LP units. Borrow: the borrower's debt after
-- its newest Borrow / RepayBorrow in the market (the event's accountBorrows: interest included, liquidations too, as
-- the liquidation's RepayBorrow states it). Positive positions only.
WITH held AS (
  SELECT contract_address, project, venue,
         CASE WHEN role = 'market' THEN 'supply' ELSE 'lp' END AS kind,
         CASE WHEN role = 'market' THEN trim(tokens) END AS underlying_address
  FROM main.project_contracts
  WHERE (venue = 'justlend' AND role = 'market' AND lp_token = contract_address)
     OR (venue = 'sunswap_v2' AND role = 'pool' AND lp_token = contract_address)
),
borrows AS (
  SELECT e.borrower_address AS holder_address, e.market_address AS contract_address, e.underlying_address,
         e.account_borrows_raw, e.block_number, e.tx_index, e.log_index
  FROM main.lending_events e
  WHERE e.event_name IN ('Borrow', 'RepayBorrow') AND e.account_borrows_raw IS NOT NULL
  QUALIFY row_number() OVER (PARTITION BY e.borrower_address, e.market_address ORDER BY e.block_number DESC, e.tx_index DESC, e.log_index DESC) = 1
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
