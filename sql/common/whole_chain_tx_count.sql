-- Transactions of the whole chain (wholeChainTxCount): the total before the lake's first block + the lake's, NULL
-- without that total (docs/compat.md "Whole-chain figures"), computed once per version (sql/serving/block_statistic.sql).
SELECT whole_tx_count AS n FROM block_statistic;
