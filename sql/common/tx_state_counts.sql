-- Per contract type, the counts every `confirm` set of a list is a sum of (sql/macros/tx_state.sql): all transactions
-- and the reverted ones (contract_ret not SUCCESS, state 2) from the daily rollup, and the unconfirmed ones that did
-- not revert (state 1: blocks above solid_block()) from the raw rows of the few days at the head. Read once per
-- version (ListQueries.version): the exact rangeTotal of a list filtered by type and state without scanning history.
WITH stored AS (
  SELECT contract_type, sum(tx_count)::BIGINT AS tx_count, sum(failed_count)::BIGINT AS failed_count
  FROM daily_transaction_stats
  GROUP BY contract_type
), unconfirmed AS (
  SELECT contract_type, count(*)::BIGINT AS n
  FROM transactions
  WHERE "date" >= (SELECT min(day) FROM daily_block_stats WHERE last_block > solid_block())
    AND block_number > solid_block() AND NOT coalesce(contract_ret <> 'SUCCESS', false)
  GROUP BY contract_type
)
SELECT s.contract_type, s.tx_count, s.failed_count, coalesce(u.n, 0)::BIGINT AS unconfirmed_count
FROM stored s LEFT JOIN unconfirmed u USING (contract_type)
ORDER BY s.contract_type;
