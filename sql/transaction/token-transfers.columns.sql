-- Columns of a token-transfer row aliased {{1}}. token_transfers holds only the logs of successful transactions (the
-- ingester and the generator drop the logs of failed ones, as the node docs advise), so a row is never 2
-- "reverted": its state is 1 unconfirmed above solid_block(), else 0 confirmed, and contract_ret is SUCCESS
-- without a join to transactions.
{{1}}.tx_hash, {{1}}.block_number, {{1}}."timestamp", {{1}}.tx_index, {{1}}.log_index, {{1}}.batch_index, {{1}}.token_standard,
{{1}}.event_type, {{1}}.contract_address, {{1}}.from_address, {{1}}.to_address, {{1}}.operator_address, {{1}}.token_id,
{{1}}.amount_raw, 'SUCCESS' AS contract_ret, false AS revert, is_confirmed({{1}}.block_number) AS confirmed
