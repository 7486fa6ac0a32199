-- current_approvals.sql over the new blocks merged into the previous rows: a newer approval of a key replaces its row,
-- the counts add.
SELECT owner_address, contract_address, spender_address, token_id, token_standard, event_type, amount_raw, amount, unlimited,
       block_number, "timestamp", tx_hash, tx_index, log_index,
       CAST(sum(approvals) OVER (PARTITION BY owner_address, contract_address, spender_address, token_id) AS BIGINT) AS approvals
FROM (
  SELECT * FROM prev.current_approvals
  UNION ALL BY NAME
  SELECT * FROM ({{> fragments/current-approvals delta}})
)
QUALIFY row_number() OVER (PARTITION BY owner_address, contract_address, spender_address, token_id
                           ORDER BY block_number DESC, tx_index DESC, log_index DESC) = 1
