-- Every stablecoin admin event of the version (stablecoin_events_served, in memory), in chain order: read once per
-- version by keyEvents and blackList, which page it from memory (src/endpoints/shapes/event-pages.ts).
SELECT block_number, "timestamp", tx_hash, tx_index, log_index, coin, contract_key, contract_address, event_name,
       operator_address, target_address, blacklist_effect, amount_raw
FROM stablecoin_events_served
ORDER BY block_number, tx_index, log_index
