-- /api/token_trc1155/transfers with relatedAddress: TRC1155 items from the copy clustered by address, so only
-- $address's row groups are read; $dirs the sides kept ('in' | 'out' | 'self'; NULL = all). Materialized before the
-- sort, as in token-trc20-transfers.by-address.sql.
-- @total
-- @param address VARCHAR
-- @param dirs VARCHAR[]
-- @param lim BIGINT
-- @param off BIGINT
WITH hits AS MATERIALIZED (
  SELECT {{> transaction/token-transfers.columns t}}
  FROM {{> fragments/address-copy address_token_transfers t}}
  WHERE {{> fragments/address-rows t}}
    AND ($dirs IS NULL OR list_contains($dirs, t.direction))
    AND {{> fragments/time-window t}}
    AND {{> transaction/token-trc1155-transfers.where t}}
)
SELECT * FROM hits
ORDER BY {{order_by}}
LIMIT $lim OFFSET $off;
