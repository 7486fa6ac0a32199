-- Each account once per UTC day and role, the distinct sets behind the daily statistics' distinct counts (same roles
-- as daily_network_stats): 'sender' = owner of any transaction, 'receiver' = receiver of a TRX / TRC10 transfer
-- (types 1, 2), 'caller' = owner of a TriggerSmartContract, `key` = the called contract ('' for the other roles and
-- for a call without one). A publish appending to a day merges the new blocks' members into the day's set
-- (growth per-day, additive without measures), and the merges of daily_network_stats and daily_contract_resources
-- count a member once, the first time the day's set gains it.
SELECT DISTINCT "date" AS day, 'sender' AS role, '' AS key, owner_address AS address FROM transactions
UNION ALL
SELECT DISTINCT "date", 'receiver', '', to_address FROM transactions WHERE contract_type IN (1, 2) AND to_address IS NOT NULL
UNION ALL
SELECT DISTINCT "date", 'caller', coalesce(contract_address, ''), owner_address FROM transactions WHERE contract_type = 31
