-- /api/token_trc20/transfers with relatedAddress / fromAddress / toAddress: TRC20 and TRC721 transfers from the copy
-- clustered by address, so only $address's row groups are read; $dirs the sides kept ('in' | 'out' | 'self'; NULL =
-- all). The address's rows are materialized before the sort: most addresses have a few rows, and DuckDB's late
-- materialization of a top-N re-reads the big by-address file (measured 24 ms vs 14 ms for a 13-row address).
-- @total
-- @param address VARCHAR
-- @param dirs VARCHAR[]
-- @param from_address VARCHAR
-- @param to_address VARCHAR
-- @param lim BIGINT
-- @param off BIGINT
WITH hits AS MATERIALIZED (
  SELECT {{> transaction/token-transfers.columns t}}
  FROM address_token_transfers t
  WHERE t.address = $address AND t.bucket = address_bucket($address)
    AND ($dirs IS NULL OR list_contains($dirs, t.direction))
    AND t.token_standard IN ('trc20', 'trc721')
    AND {{> fragments/time-window t}}
    AND ($from_address IS NULL OR t.from_address = $from_address)
    AND ($to_address IS NULL OR t.to_address = $to_address)
    AND {{> transaction/token-transfers.where t}}
)
SELECT * FROM hits
ORDER BY {{order_by}}
LIMIT $lim OFFSET $off;
