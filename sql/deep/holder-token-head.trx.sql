-- An account's TRX balance at the head (sun, as text) for /api/account/holderToken/*: trx_balances (every address
-- whose TRX moved in the lake). No row: the endpoint asks deep/holder-token-head.trx-account (the account's snapshot
-- balance); neither: the account is unknown, so is its history (holder-token-head.trc20.sql says why one each).
-- @param address VARCHAR
SELECT CAST(balance AS VARCHAR) AS head_raw FROM trx_balances WHERE address = $address
