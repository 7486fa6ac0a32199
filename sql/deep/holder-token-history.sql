-- /api/account/holderToken/* (SPEC §4.4): one account's movements of one token per UTC day (token_balance_history,
-- the range files holding the account), for an account with more rows than deep/holder-token-rows returns (its
-- header says why two statements). Its balance at the head is deep/holder-token-head.<kind>, asked beside it; the
-- balance at the end of day D = the head balance − the deltas of the days after D (docs/compat.md "Account holder
-- token (issue 31)").
-- @param token_id VARCHAR
SELECT t."day", CAST(sum(CAST(t.delta_raw AS HUGEINT)) AS VARCHAR) AS delta_raw, sum(t.in_count) AS in_count,
       sum(t.out_count) AS out_count, min(t."timestamp") AS first_ts, max(t."timestamp") AS last_ts,
       min(t."timestamp") FILTER (WHERE t.in_count > 0) AS first_in_ts
FROM {{> fragments/address-copy token_balance_history t}}
WHERE t.holder_address = $address AND t.bucket = address_bucket($address) AND t.token_id = $token_id
GROUP BY 1
ORDER BY 1
