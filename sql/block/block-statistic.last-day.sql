-- /api/block/statistic: blocks and burn of the last 24 hours before the head block (pruned by timestamp statistics).
-- @param since BIGINT
SELECT count(*) AS block_count, coalesce(sum(fee), 0)::BIGINT AS fee
FROM blocks
WHERE "timestamp" > $since;
