-- /api/transfer with address / fromAddress / toAddress: TRX and TRC10 transfers from the copy clustered by address:
-- $address's rows, sides $dirs ('in' | 'out' | 'self'; NULL = all). Materialized before the sort: most addresses
-- have a few rows, and DuckDB's late materialization of a top-N re-reads the big by-address file.
-- @total
-- @param address VARCHAR
-- @param dirs VARCHAR[]
-- @param lim BIGINT
-- @param off BIGINT
WITH hits AS MATERIALIZED (
  SELECT {{> transaction/transfer.columns t}}
  FROM {{> fragments/address-copy address_transactions t}}
  WHERE {{> fragments/address-rows t}}
    AND ($dirs IS NULL OR list_contains($dirs, t.direction))
    AND {{> fragments/time-window t}}
    AND {{> transaction/transfer.where t}}
)
SELECT * FROM hits
ORDER BY {{order_by}}
LIMIT $lim OFFSET $off;
