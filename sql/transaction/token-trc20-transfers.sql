-- /api/token_trc20/transfers without an address filter: TRC20 and TRC721 transfers (SPEC §4.7, reference §3.3) from
-- the time-sorted fact table; the kit searches a newest-first page in growing windows.
-- @total
-- @param lim BIGINT
-- @param off BIGINT
SELECT {{> transaction/token-transfers.columns t}}
FROM token_transfers t
WHERE {{> fragments/day-window t}}
  AND {{> transaction/token-trc20-transfers.where t}}
ORDER BY {{order_by}}
LIMIT $lim OFFSET $off;
