-- /api/internal-transaction: internal transactions (TVM sub-calls), newest first (SPEC §4.7, reference §3.6).
-- A row's state is its transaction's: 2 reverted, else 1 unconfirmed above solid_block(), else 0 confirmed. The kit
-- searches the page in growing windows and the page's transactions are read in the same window. The count is
-- hand-written (internal-transaction.total.sql): the page sits inside a CTE so its rows can be joined after.
-- @param lim BIGINT
-- @param off BIGINT
WITH {{> transaction/internal-transaction.ctes}},
page AS (
  SELECT i.tx_hash, i.block_number, i."timestamp", i.internal_index, i.internal_hash, i.caller_address, i.to_address,
         i.token_id, i.call_value, i.note, i.rejected
  FROM internal_transactions i
  WHERE {{> transaction/internal-transaction.where i}}
  ORDER BY {{order_by}}
  LIMIT $lim OFFSET $off
)
SELECT * FROM (
  SELECT p.*, coalesce(x.contract_ret, 'SUCCESS') AS contract_ret, is_confirmed(p.block_number) AS confirmed
  FROM page p
  LEFT JOIN (
    SELECT x.block_number, x.tx_hash, x.contract_ret FROM transactions x WHERE {{> fragments/day-window x}}
  ) x ON x.block_number = p.block_number AND x.tx_hash = p.tx_hash
)
ORDER BY {{order_by}};
