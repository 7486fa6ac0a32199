-- /api/account/holderToken/* (SPEC §4.4): one account's movements of one token, one row per block
-- (token_balance_history, the range file holding the account), at most $row_cap rows in no order. The endpoint sums
-- them per UTC day itself (shapes/holder-token.ts): for the few rows most accounts have, DuckDB's hash GROUP BY cost
-- more than the read (8-11 ms against 4-5 on the default lake). An account with more rows than the cap is summed by
-- deep/holder-token-history instead, where the GROUP BY costs less than moving every row out of DuckDB.
-- @param token_id VARCHAR
-- @param row_cap BIGINT
SELECT t."day", t.delta_raw, t.in_count, t.out_count, t."timestamp"
FROM {{> fragments/address-copy token_balance_history t}}
WHERE t.holder_address = $address AND t.bucket = address_bucket($address) AND t.token_id = $token_id
LIMIT $row_cap
