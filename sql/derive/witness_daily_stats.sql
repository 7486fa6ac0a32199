-- Per UTC day and witness: blocks produced and slots missed (docs/compat.md "Witnesses").
-- A missed slot is a 3-second slot between two blocks of consecutive heights that holds no block, except the 2 slots
-- skipped after each maintenance (every 6 h from UTC midnight: a slot whose time is within 6 s after the boundary).
-- Its owner is read from the schedule itself: within one maintenance period the active SRs produce in a fixed
-- rotation of 27 by absolute slot, so the slot belongs to the producer of a block of the same period at the same
-- position modulo 27. A miss whose owner no block of its period shows (a sparse lake) is not counted.
WITH b AS (
  SELECT block_number, "timestamp" AS ts, witness_address, tx_count,
         lead(block_number) OVER w AS next_number, lead("timestamp") OVER w AS next_ts
  FROM blocks WINDOW w AS (ORDER BY block_number)
), owner AS (
  SELECT ts // 21600000 AS period, (ts // 3000) % 27 AS pos, min(witness_address) AS witness_address
  FROM b GROUP BY ALL
), missed AS (
  SELECT s.slot_ts
  FROM b, LATERAL (SELECT unnest(range(b.ts + 3000, b.next_ts, 3000)) AS slot_ts) s
  WHERE b.next_number = b.block_number + 1 AND b.next_ts - b.ts > 3000 AND s.slot_ts % 21600000 >= 6000
), missed_by AS (
  SELECT o.witness_address, m.slot_ts AS ts
  FROM missed m JOIN owner o ON o.period = m.slot_ts // 21600000 AND o.pos = (m.slot_ts // 3000) % 27
), facts AS (
  SELECT witness_address, ts, 1 AS produced, 0 AS missed, tx_count, block_number FROM b
  UNION ALL
  SELECT witness_address, ts, 0, 1, 0, NULL FROM missed_by
)
SELECT CAST(CAST(epoch_ms(ts) AS DATE) AS VARCHAR) AS day,
       epoch_ms(CAST(CAST(epoch_ms(ts) AS DATE) AS TIMESTAMP)) AS day_ts,
       witness_address,
       sum(produced)::BIGINT AS produced,
       sum(missed)::BIGINT AS missed,
       sum(tx_count)::BIGINT AS tx_count,
       max(tx_count)::BIGINT AS max_block_tx,
       max(block_number) AS last_block,
       max(ts) FILTER (WHERE produced = 1) AS last_block_ts
FROM facts
GROUP BY ALL
