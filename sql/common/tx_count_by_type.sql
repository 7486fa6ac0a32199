-- Transactions of the given contract types (all when NULL) over the whole lake, from the daily rollup: the exact
-- rangeTotal of an unfiltered list without scanning history.
-- @param types INTEGER[]
SELECT coalesce(sum(tx_count), 0) AS n FROM daily_transaction_stats
WHERE $types IS NULL OR list_contains($types, contract_type);
