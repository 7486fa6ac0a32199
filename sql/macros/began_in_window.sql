-- Whether an entity's lake figures are its whole life's (docs/compat.md "Whole-chain figures"): the lake starts at
-- genesis, or the entity was created (`created_ms`, 0 or NULL when unknown) at or after the lake's first block, so
-- every transaction or transfer it ever had is in the lake. Else its lifetime counts have no anchor and are NULL.
-- e.g. began_in_window(s.create_time). Uncorrelated subqueries over the one-row chain_state: planned once.
CREATE OR REPLACE MACRO began_in_window(created_ms) AS
  CASE WHEN (SELECT first_block FROM chain_state) = 0 THEN true
       ELSE coalesce(created_ms > 0 AND created_ms >= (SELECT first_ts FROM chain_state), false) END;
