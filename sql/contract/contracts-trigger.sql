-- /api/contracts/trigger: TriggerSmartContract transactions of the whole network in the time window.
-- @total
-- @param lim BIGINT
-- @param off BIGINT
SELECT t.*, is_confirmed(t.block_number) AS confirmed
FROM transactions t
WHERE {{> fragments/day-window t}}
  AND t.contract_type = 31
ORDER BY {{order_by}}
LIMIT $lim OFFSET $off;
