-- An account's TRX balance from its snapshot (sun, as text) for /api/account/holderToken/*, asked only when
-- deep/holder-token-head.trx has no row (its TRX never moved in the lake).
-- @param address VARCHAR
SELECT CAST(balance AS VARCHAR) AS head_raw FROM accounts WHERE bucket = address_bucket($address) AND address = $address
