-- /api/token_trc1155/transfers without an address filter: TRC1155 TransferSingle / TransferBatch items (SPEC §4.7,
-- reference §3.4) from the time-sorted fact table; the kit searches a newest-first page in growing windows.
-- @total
-- @param lim BIGINT
-- @param off BIGINT
SELECT {{> transaction/token-transfers.columns t}}
FROM token_transfers t
WHERE {{> fragments/day-window t}}
  AND {{> transaction/token-trc1155-transfers.where t}}
ORDER BY {{order_by}}
LIMIT $lim OFFSET $off;
