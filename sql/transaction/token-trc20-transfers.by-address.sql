-- /api/token_trc20/transfers with relatedAddress / fromAddress / toAddress: TRC20 and TRC721 transfers from the copy
-- clustered by address, so only $address's row groups are read; $dirs the sides kept ('in' | 'out' | 'self'; NULL =
-- all). The address's rows are materialized before the sort: most addresses have a few rows, and DuckDB's late
-- materialization of a top-N re-reads the big by-address file (measured 24 ms vs 14 ms for a 13-row address).
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
    AND {{> transaction/token-trc20-transfers.where t}}
)
SELECT * FROM hits
ORDER BY {{order_by}}
LIMIT $lim OFFSET $off;
