-- /api/token_trc20/transfers without an address filter: TRC20 and TRC721 transfers (SPEC §4.7, reference §3.3) from
-- the time-sorted fact table; the kit searches a newest-first page in growing windows.
-- @total
-- @param from_address VARCHAR
-- @param to_address VARCHAR
-- @param lim BIGINT
-- @param off BIGINT
SELECT {{> transaction/token-transfers.columns t}}
FROM token_transfers t
WHERE t.token_standard IN ('trc20', 'trc721')
  AND {{> fragments/day-window t}}
  AND ($from_address IS NULL OR t.from_address = $from_address)
  AND ($to_address IS NULL OR t.to_address = $to_address)
  AND {{> transaction/token-transfers.where t}}
ORDER BY {{order_by}}
LIMIT $lim OFFSET $off;
