-- The newest network_snapshots row (the node's resource totals), once per version: /api/accountv2 read it from the
-- Parquet file on every request (a top-1 scan and a join back to its row).
SELECT * FROM network_snapshots ORDER BY as_of_block DESC LIMIT 1
