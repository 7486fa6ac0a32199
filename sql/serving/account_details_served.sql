-- @rows-of account_details
-- account_details held in memory where it fits (SERVING_ROW_CAP; the default lake's ~300 K addresses): a point lookup
-- costs ~1 ms in memory against a few through the Parquet reader (bench/results/account-scale.md). Past the cap (a
-- lake of millions of accounts) it stays a view of the bucketed files: a lookup saying `bucket = address_bucket($a)`
-- opens one bucket's file. The bucket column is kept, so the same query prunes both ways; in the files' order (by
-- bucket, then address), so the in-memory zone maps prune too.
SELECT * FROM account_details
