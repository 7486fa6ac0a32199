-- /api/token_trc20/transfers without an address filter: TRC20 and TRC721 transfers (SPEC §4.7, reference §3.3) from
-- the time-sorted fact table; the kit searches a newest-first page in growing windows. The window's rows are
-- materialized before the sort: DuckDB's late materialization of a top-N re-reads the day's file for the page's
-- rows, where the window's row groups alone are read here (issue 32, a token's newest 20 of a day on the default
-- lake: 27-33 → 19-23 ms CPU per statement at load 7-12).
-- @total
-- @param lim BIGINT
-- @param off BIGINT
WITH hits AS MATERIALIZED (
  SELECT {{> transaction/token-transfers.columns t}}
  FROM token_transfers t
  WHERE {{> fragments/day-window t}}
    AND {{> transaction/token-trc20-transfers.where t}}
)
SELECT * FROM hits
ORDER BY {{order_by}}
LIMIT $lim OFFSET $off;
