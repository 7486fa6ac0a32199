-- /api/asset/transfer without an address: TRX and TRC10 transfers, newest first, from the time-sorted fact table.
-- @total
-- @param lim BIGINT
-- @param off BIGINT
SELECT {{> token/asset-transfer.columns t}}
FROM transactions t
WHERE {{> fragments/day-window t}}
  AND {{> token/asset-transfer.where t}}
ORDER BY {{order_by}}
LIMIT $lim OFFSET $off;
