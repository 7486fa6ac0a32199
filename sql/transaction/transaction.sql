-- /api/transaction without an address filter: the time-sorted fact table.
-- @total
-- @param lim BIGINT
-- @param off BIGINT
SELECT t.*, is_confirmed(t.block_number) AS confirmed
FROM transactions t
WHERE {{> fragments/day-window t}}
  AND {{> transaction/transaction.where t}}
ORDER BY {{order_by}}
LIMIT $lim OFFSET $off;
