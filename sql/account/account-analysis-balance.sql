-- /api/account/analysis type 0: one address's TRX balance at the head (trx_balances when its TRX moved in the lake,
-- else its account's snapshot balance; NULL with neither: no account) beside its TRX flows per UTC day number
-- (ms // 86400000) from $start_ts on. The balance at the end of day D = the head balance − the flows of the days after
-- D, so only the rows from the range's start on are read (the range files holding the address, pruned by time inside its rows).
-- @param address VARCHAR
-- @param start_ts BIGINT
WITH f AS (
  SELECT "timestamp" // 86400000 AS day_n, sum(trx_delta) AS delta
  FROM {{> fragments/address-copy address_block_activity t}}
  WHERE {{> fragments/address-rows t}} AND "timestamp" >= $start_ts
  GROUP BY 1
)
SELECT h.head_balance, f.day_n, CAST(f.delta AS BIGINT) AS delta
FROM (SELECT coalesce((SELECT balance FROM trx_balances WHERE address = $address),
                      (SELECT balance FROM accounts WHERE bucket = address_bucket($address) AND address = $address)) AS head_balance) h
LEFT JOIN f ON true
