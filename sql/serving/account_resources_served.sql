-- @rows-of account_resources
-- account_resources held in memory where it fits (bounded by the accounts and pairs in the snapshots; past the serving
-- cap it stays a view of the bucketed files): a point lookup of one account's rows costs ~1 ms in memory against 4-9 ms
-- through the Parquet reader, whose cost also grew most with machine load (bench/results/account-state.md). In the
-- files' order (by bucket, then address), so the in-memory zone maps prune the lookup; queries say
-- `bucket = address_bucket($address)` so that the view past the cap opens one bucket's file.
SELECT * FROM account_resources
