-- An account's TRX balance at the head (sun, as text) for /api/account/holderToken/*: trx_balances, else its
-- account's snapshot balance; no row with neither (no account: the history is unknown).
-- @param address VARCHAR
SELECT CAST(coalesce((SELECT balance FROM trx_balances WHERE address = $address),
                     (SELECT balance FROM accounts WHERE bucket = address_bucket($address) AND address = $address)) AS VARCHAR) AS head_raw
