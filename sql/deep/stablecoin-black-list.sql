-- /api/stableCoin/blackList: the blacklist events of the five stablecoins (stablecoin_events with a blacklist
-- effect: additions, removals, destroyed funds), by contract and listed address; {{order_by}}: amount (an event
-- without an amount counts as 0; canonical decimal text ordered by length then digits: exact) or chain order. The count rides on the page (count(*) OVER ()).
-- @param contract VARCHAR
-- @param target VARCHAR
-- @param lim BIGINT
-- @param off BIGINT
SELECT block_number, "timestamp", tx_hash, tx_index, log_index, coin, contract_key, contract_address, event_name,
       target_address, blacklist_effect, amount_raw, coalesce(amount_raw, '0') AS amount_txt, length(coalesce(amount_raw, '0')) AS amount_len,
       count(*) OVER () AS n_rows
FROM stablecoin_events_served
WHERE blacklist_effect IS NOT NULL
  AND ($contract IS NULL OR contract_address = $contract)
  AND ($target IS NULL OR target_address = $target)
ORDER BY {{order_by}}
LIMIT $lim OFFSET $off
