-- Filters of /api/internal-transaction over internal_transactions aliased {{1}} (needs the CTEs of
-- internal-transaction.ctes.sql). $address matches the caller or the callee.
-- @param address VARCHAR
-- @param block BIGINT
{{> fragments/day-window {{1}}}}
AND ($address IS NULL OR {{1}}.caller_address = $address OR {{1}}.to_address = $address)
AND ($block IS NULL OR {{1}}.block_number = $block)
AND ($contract IS NULL OR {{1}}.tx_hash IN (SELECT tx_hash FROM parents))
AND ($confirm IS NULL OR list_contains($confirm,
      CASE WHEN {{1}}.tx_hash IN (SELECT tx_hash FROM failed) THEN 2 ELSE block_state({{1}}.block_number) END))
