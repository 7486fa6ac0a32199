-- Token transfers per UTC day and standard, from the daily rollup. Read once per version (ListQueries.version): the
-- exact rangeTotal of a token transfer list with no filter (all days) or with only a time window (its whole days,
-- transfer-shape.ts tokenTransferTotal), without a statement per request.
SELECT day, token_standard, coalesce(sum(transfer_count), 0)::BIGINT AS n
FROM daily_token_transfer_stats
GROUP BY day, token_standard
ORDER BY day, token_standard;
