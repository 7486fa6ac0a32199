-- /api/transfer without an address filter: TRX and TRC10 transfers from the time-sorted fact table (SPEC §4.7,
-- reference §3.5).
-- @total
-- @param lim BIGINT
-- @param off BIGINT
SELECT {{> transaction/transfer.columns t}}
FROM transactions t
WHERE {{> fragments/day-window t}}
  AND {{> transaction/transfer.where t}}
ORDER BY {{order_by}}
LIMIT $lim OFFSET $off;
