-- Token transfers per standard over the whole lake, from the daily rollup. Read once per version
-- (ListQueries.version): the exact rangeTotal of a token transfer list with no filter, without a statement per request.
SELECT token_standard, coalesce(sum(transfer_count), 0)::BIGINT AS n
FROM daily_token_transfer_stats
GROUP BY token_standard
ORDER BY token_standard;
