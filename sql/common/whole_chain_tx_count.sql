-- Transactions in the whole lake (wholeChainTxCount), from the daily block rollup.
SELECT coalesce(sum(tx_count), 0) AS n FROM daily_block_stats;
