-- Commission changes (UpdateBrokerage). java-tron keeps a witness's brokerage per reward cycle and the change applies
-- from the next cycle: the next maintenance (every 6 h from UTC midnight, as in witness_daily_stats).
SELECT owner_address AS witness_address, block_number, "timestamp", tx_hash, tx_index, brokerage,
       ("timestamp" // 21600000 + 1) * 21600000 AS effective_ts
FROM ({{> fragments/governance-events}})
WHERE contract_type = 49
