-- account_resources held in memory (bounded by the accounts and pairs in the snapshots; over the serving cap it
-- stays a view of the file): a point lookup of one account's rows costs ~1 ms in memory against 4-9 ms through the
-- Parquet reader, whose cost also grew most with machine load (bench/results/account-state.md). In the file's order
-- (sorted by address), so the in-memory row groups' zone maps prune the lookup.
SELECT * FROM account_resources
