-- /api/asset/transfer without filters other than the token (no time window cutting the lake, state or amount):
-- the count from the daily rollup instead of a scan of the day files.
-- $tokens: '_' (TRX) and / or TRC10 ids; NULL = every TRX and TRC10 transfer.
-- @param tokens VARCHAR[]
SELECT coalesce(sum(transfer_count), 0) AS n FROM daily_asset_transfer_stats WHERE $tokens IS NULL OR list_contains($tokens, asset);
