-- The SELECT of defi_positions (full derive and merge), over the CTEs `held` (fragments/defi-held) and `borrows`
-- (each borrower's newest Borrow / RepayBorrow per market, with accountBorrows): the held tokens' positive balances in
-- the TRC20 ledger (the contract itself left out) and the positive debts.
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
