-- Current owner of each TRC721 token: the recipient of its last transfer (ordered by block, transaction position in
-- the block, then log position). A token burned to the zero address keeps the zero address as owner.
WITH t AS (
  SELECT t.contract_address, t.token_id, t.to_address, t.block_number, t."timestamp", x.tx_index, t.log_index
  FROM token_transfers t
  JOIN transactions x ON x.block_number = t.block_number AND x.tx_hash = t.tx_hash
  WHERE t.token_standard = 'trc721'
)
SELECT contract_address, token_id, arg_max(to_address, (block_number, tx_index, log_index)) AS owner_address,
       max("timestamp") AS latest_transfer_ts, max(block_number) AS latest_block, count(*) AS transfer_count
FROM t
GROUP BY contract_address, token_id
