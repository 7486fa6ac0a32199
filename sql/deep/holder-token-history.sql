-- /api/account/holderToken/* (SPEC §4.4): one account's movements of one token per UTC day (token_balance_history,
-- the range files holding the account) beside its balance at the head: TRX from trx_balances (else its account's
-- snapshot balance; NULL with neither: no account, the history is unknown), TRC20 / TRC10 from the ledgers (a positive
-- position from token_holdings_by_holder, clustered by holder; a negative one, history older than the lake, from the
-- ledger's unranked rows; no row: 0). The balance at the end of day D = the head balance − the deltas of the days
-- after D (docs/compat.md "Account holder token (issue 31)").
-- @param token_id VARCHAR
WITH d AS (
  SELECT t."day", sum(CAST(t.delta_raw AS HUGEINT)) AS delta, sum(t.in_count) AS in_count, sum(t.out_count) AS out_count,
         min(t."timestamp") AS first_ts, max(t."timestamp") AS last_ts, min(t."timestamp") FILTER (WHERE t.in_count > 0) AS first_in_ts
  FROM {{> fragments/address-copy token_balance_history t}}
  WHERE t.holder_address = $address AND t.bucket = address_bucket($address) AND t.token_id = $token_id
  GROUP BY 1
),
head AS (
  SELECT CASE WHEN $token_id = '_' THEN
           CAST(coalesce((SELECT balance FROM trx_balances WHERE address = $address),
                         (SELECT balance FROM accounts WHERE bucket = address_bucket($address) AND address = $address)) AS VARCHAR)
         ELSE coalesce(
           (SELECT balance_raw FROM token_holdings_by_holder
            WHERE bucket = address_bucket($address) AND holder_address = $address AND token_id = $token_id AND token_standard IN ('trc20', 'trc10')),
           (SELECT balance_raw FROM trc20_balances WHERE contract_address = $token_id AND holder_rank IS NULL AND holder_address = $address),
           (SELECT balance_raw FROM trc10_balances WHERE token_id = $token_id AND balance < 0 AND holder_address = $address),
           '0') END AS head_raw
)
SELECT h.head_raw, d."day", CAST(d.delta AS VARCHAR) AS delta_raw, d.in_count, d.out_count, d.first_ts, d.last_ts, d.first_in_ts
FROM head h LEFT JOIN d ON true
ORDER BY d."day"
