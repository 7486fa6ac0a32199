-- The count of /api/contracts/trigger in a time window without reading its whole days: the UTC days strictly inside
-- the window from the daily rollup (daily_transaction_stats, type 31), the window's first and last day (the only
-- ones it may cut) from their raw rows. NULL days: no such part.
-- @param start_ts BIGINT
-- @param end_ts BIGINT
-- @param inner_from VARCHAR
-- @param inner_to VARCHAR
-- @param edge_first VARCHAR
-- @param edge_last VARCHAR
SELECT CAST((SELECT coalesce(sum(tx_count), 0) FROM daily_transaction_stats
             WHERE contract_type = 31 AND day >= $inner_from AND day <= $inner_to)
          + (SELECT count(*) FROM transactions t
             WHERE t.contract_type = 31 AND (t."date" = $edge_first OR t."date" = $edge_last)
               AND ($start_ts IS NULL OR t."timestamp" >= $start_ts) AND ($end_ts IS NULL OR t."timestamp" <= $end_ts)) AS BIGINT) AS n
