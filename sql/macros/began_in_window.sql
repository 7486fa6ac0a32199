-- Whether an entity's lake figures are its whole life's (docs/compat.md "Whole-chain figures"): the lake starts at
-- genesis, or the entity was created (`created_ms`, 0 or NULL when unknown) at or after the lake's first block, so
-- every transaction or transfer it ever had is in the lake. Else its lifetime counts have no anchor and are NULL.
-- e.g. began_in_window(s.create_time). The lake's first block through the constant macros (views.ts), which fold at
-- plan time: subqueries over chain_state cost every query using this two more pipelines (a cross product and an
-- aggregate each), a few ms per lookup on a loaded machine (/api/accountv2, /api/account/wallet).
CREATE OR REPLACE MACRO began_in_window(created_ms) AS
  CASE WHEN first_block() = 0 THEN true
       ELSE coalesce(created_ms > 0 AND created_ms >= first_ts(), false) END;
