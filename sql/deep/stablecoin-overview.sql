-- /api/stableCoin/overview `transferCntIn24h` and its change: per stablecoin contract its TRC20 Transfer logs
-- (token_transfers, mints and burns included) of the 24 hours ending at the head, [$split_ts, $end_ts] (transferAmount's
-- 24 h window), and of the 24 hours before them, [$start_ts, $split_ts).
-- @param contracts VARCHAR[]
-- @param split_ts BIGINT
SELECT t.contract_address,
       count(*) FILTER (WHERE t."timestamp" >= $split_ts) AS transfers_now,
       count(*) FILTER (WHERE t."timestamp" < $split_ts) AS transfers_before
FROM token_transfers t
WHERE t.token_standard = 'trc20' AND t.contract_address IN (SELECT unnest($contracts))
  AND {{> fragments/day-window t}}
GROUP BY t.contract_address
ORDER BY t.contract_address
