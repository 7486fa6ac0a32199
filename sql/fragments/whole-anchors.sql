-- A CTE `whole_anchors` of one row: where whole-chain figures start (docs/compat.md "Whole-chain figures"). Each is
-- the chain's total before the lake's first block: 0 for a lake starting at genesis (block 0), else the anchor written
-- as of the block just before the first one (pre_window_totals for transactions, chain_anchors for TRX issued as
-- rewards, TRX burned, TRC10 tokens issued and accounts), else NULL: an anchor as of an earlier block would miss the blocks in between, and the
-- lake's window alone is not the whole chain. Bounded: one row over two small reference tables.
whole_anchors AS (
  SELECT s.first_block, s.head_block,
         CASE WHEN s.first_block = 0 THEN 0
              ELSE (SELECT max(p.tx_count) FROM pre_window_totals p WHERE p.as_of_block = s.first_block - 1) END::HUGEINT AS tx_count,
         CASE WHEN s.first_block = 0 THEN 0
              ELSE (SELECT max(CAST(a.value_raw AS HUGEINT)) FROM chain_anchors a
                    WHERE a.name = 'issued_sun' AND a.as_of_block = s.first_block - 1) END::HUGEINT AS issued_sun,
         CASE WHEN s.first_block = 0 THEN 0
              ELSE (SELECT max(CAST(a.value_raw AS HUGEINT)) FROM chain_anchors a
                    WHERE a.name = 'burned_sun' AND a.as_of_block = s.first_block - 1) END::HUGEINT AS burned_sun,
         CASE WHEN s.first_block = 0 THEN 0
              ELSE (SELECT max(CAST(a.value_raw AS HUGEINT)) FROM chain_anchors a
                    WHERE a.name = 'trc10_count' AND a.as_of_block = s.first_block - 1) END::HUGEINT AS trc10_count,
         CASE WHEN s.first_block = 0 THEN 0
              ELSE (SELECT max(CAST(a.value_raw AS HUGEINT)) FROM chain_anchors a
                    WHERE a.name = 'account_count' AND a.as_of_block = s.first_block - 1) END::HUGEINT AS account_count
  FROM chain_state s
)
