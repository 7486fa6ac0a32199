-- DeFi positions per address (issue 34, /api/participate_project). Supply: the jTokens of a JustLend market
-- (project_contracts role 'market', its lp_token is the jToken itself) each holder holds in the TRC20 ledger
-- (trc20_balances), in jToken units (the exchange rate is not a stored fact: the endpoint applies the market's newest
-- Mint / Redeem). LP: the SunSwap V2 pairs' own tokens each holder holds, LP units. Borrow: the borrower's debt after
-- its newest Borrow / RepayBorrow in the market (the event's accountBorrows: interest included, liquidations too, as
-- the liquidation's RepayBorrow states it). Positive positions only.
WITH {{> fragments/defi-held}},
borrows AS (
  SELECT e.borrower_address AS holder_address, e.market_address AS contract_address, e.underlying_address,
         e.account_borrows_raw, e.block_number, e.tx_index, e.log_index
  FROM main.lending_events e
  WHERE e.event_name IN ('Borrow', 'RepayBorrow') AND e.account_borrows_raw IS NOT NULL
  QUALIFY row_number() OVER (PARTITION BY e.borrower_address, e.market_address ORDER BY e.block_number DESC, e.tx_index DESC, e.log_index DESC) = 1
)
{{> fragments/defi-position-rows}}
