-- trc721_owners.sql over the new transfers, laid over the previous version's owners: a token id transferred again
-- takes its new owner and latest block (the new blocks are above every earlier one); the counts add up.
WITH t AS (
  SELECT t.contract_address, t.token_id, t.to_address, t.block_number, t."timestamp", x.tx_index, t.log_index
  FROM delta.token_transfers t
  JOIN delta.transactions x ON x.block_number = t.block_number AND x.tx_hash = t.tx_hash
  WHERE t.token_standard = 'trc721'
),
d AS (
  SELECT contract_address, token_id, arg_max(to_address, (block_number, tx_index, log_index)) AS owner_address,
         max("timestamp") AS latest_transfer_ts, max(block_number) AS latest_block, count(*) AS transfer_count
  FROM t
  GROUP BY contract_address, token_id
)
SELECT contract_address, token_id,
       coalesce(d.owner_address, p.owner_address) AS owner_address,
       coalesce(d.latest_transfer_ts, p.latest_transfer_ts) AS latest_transfer_ts,
       coalesce(d.latest_block, p.latest_block) AS latest_block,
       CAST(coalesce(p.transfer_count, 0) + coalesce(d.transfer_count, 0) AS BIGINT) AS transfer_count
FROM prev.trc721_owners p FULL OUTER JOIN d USING (contract_address, token_id)
