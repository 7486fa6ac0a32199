-- The slot schedule over the blocks of relation {{1}} (block_number, "timestamp", witness_address, and any other
-- column, kept): CTEs `slot_b` (each block with its successor's number and time) and `missed_by` (one row per missed
-- slot: its owner `witness_address` and slot time `ts`). Definitions: docs/compat.md "Witnesses".
-- A missed slot is a 3-second slot between two blocks of consecutive heights that holds no block, except the 2 slots
-- skipped after each maintenance (every 6 h from UTC midnight: a slot whose time is within 6 s after the boundary).
-- Its owner is read from the schedule itself: within one maintenance period the active SRs produce in a fixed
-- rotation of 27 by absolute slot, so the slot belongs to the producer of a block of the same period at the same
-- position modulo 27. A miss whose owner no block of its period shows (a sparse lake) is not counted.
slot_b AS (
  SELECT s.*, s."timestamp" AS ts, lead(s.block_number) OVER w AS next_number, lead(s."timestamp") OVER w AS next_ts
  FROM {{1}} s WINDOW w AS (ORDER BY s.block_number)
), slot_owner AS (
  SELECT ts // 21600000 AS period, (ts // 3000) % 27 AS pos, min(witness_address) AS witness_address
  FROM slot_b GROUP BY ALL
), slot_missed AS (
  SELECT s.slot_ts
  FROM slot_b b, LATERAL (SELECT unnest(range(b.ts + 3000, b.next_ts, 3000)) AS slot_ts) s
  WHERE b.next_number = b.block_number + 1 AND b.next_ts - b.ts > 3000 AND s.slot_ts % 21600000 >= 6000
), missed_by AS (
  SELECT o.witness_address, m.slot_ts AS ts
  FROM slot_missed m JOIN slot_owner o ON o.period = m.slot_ts // 21600000 AND o.pos = (m.slot_ts // 3000) % 27
)
