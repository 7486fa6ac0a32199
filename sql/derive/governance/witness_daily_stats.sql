-- Per UTC day and witness: blocks produced and slots missed (docs/compat.md "Witnesses"; the slot rules are in
-- sql/fragments/missed-slots.sql), and the header version of its last block (the node software it runs: `version`
-- of /api/pagewitness).
-- A miss is counted on the day of its slot. The block before the first block read (main.blocks: the whole version)
-- is read too, without counting it as produced, so a gap from it is seen: an incremental publish (schema `days`)
-- whose first block follows a gap across UTC midnight counts the previous day's missed slots there, and derive.ts
-- rewrites that day with the others (growth `withPreviousBlockDay`). Only the days of the blocks read are output.
WITH input AS (
  SELECT block_number, "timestamp", witness_address, tx_count, version, true AS own FROM blocks
  UNION ALL
  SELECT block_number, "timestamp", witness_address, tx_count, version, false AS own FROM main.blocks
  WHERE block_number = (SELECT min(block_number) FROM blocks) - 1
), {{> fragments/missed-slots input}}, facts AS (
  SELECT witness_address, ts, 1 AS produced, 0 AS missed, tx_count, block_number, version FROM slot_b WHERE own
  UNION ALL
  SELECT witness_address, ts, 0, 1, 0, NULL, NULL FROM missed_by
  WHERE ts >= (SELECT min("timestamp") // 86400000 * 86400000 FROM blocks)
)
SELECT CAST(CAST(epoch_ms(ts) AS DATE) AS VARCHAR) AS day,
       epoch_ms(CAST(CAST(epoch_ms(ts) AS DATE) AS TIMESTAMP)) AS day_ts,
       witness_address,
       sum(produced)::BIGINT AS produced,
       sum(missed)::BIGINT AS missed,
       sum(tx_count)::BIGINT AS tx_count,
       max(tx_count)::BIGINT AS max_block_tx,
       max(block_number) AS last_block,
       max(ts) FILTER (WHERE produced = 1) AS last_block_ts,
       arg_max(version, block_number) FILTER (WHERE produced = 1) AS last_block_version
FROM facts
GROUP BY ALL
