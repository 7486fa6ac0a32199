-- /api/deep/stableCoin/totalSupply/keyEvents: the stablecoin admin events (stablecoin_events) of the requested
-- (coin, event name) pairs ('USDT|Issue', or 'USDT|*' for every event of a coin), by operator, time (ms) and exact
-- amount bounds in the smallest unit (an event without an amount counts as 0); {{order_by}}: amount or chain order.
-- Amounts compare exactly as canonical decimal text, by length then digits (a uint256 may not fit any SQL integer);
-- the bounds are integers as text. The count rides on the page (count(*) OVER ()).
-- @param pairs VARCHAR[]
-- @param operator VARCHAR
-- @param start_ts BIGINT
-- @param end_ts BIGINT
-- @param min_raw VARCHAR
-- @param max_raw VARCHAR
-- @param lim BIGINT
-- @param off BIGINT
WITH e AS (
  SELECT block_number, "timestamp", tx_hash, tx_index, log_index, coin, contract_key, contract_address, event_name,
         operator_address, amount_raw, coalesce(amount_raw, '0') AS amount_txt, length(coalesce(amount_raw, '0')) AS amount_len
  FROM stablecoin_events_served
  WHERE (list_contains($pairs, coin || '|' || event_name) OR list_contains($pairs, coin || '|*'))
    AND ($operator IS NULL OR operator_address = $operator)
    AND ($start_ts IS NULL OR "timestamp" >= $start_ts)
    AND ($end_ts IS NULL OR "timestamp" <= $end_ts)
)
SELECT e.*, count(*) OVER () AS n_rows
FROM e
WHERE ($min_raw IS NULL OR amount_len > length($min_raw) OR (amount_len = length($min_raw) AND amount_txt >= $min_raw))
  AND ($max_raw IS NULL OR amount_len < length($max_raw) OR (amount_len = length($max_raw) AND amount_txt <= $max_raw))
ORDER BY {{order_by}}
LIMIT $lim OFFSET $off
