-- The state of a row that cannot be reverted, from its block (SPEC §3 `confirm`): 1 unconfirmed above the solid
-- block, else 0 confirmed. solid_block() is a constant of the served version, so the expression folds at plan time.
CREATE OR REPLACE MACRO block_state(block_number) AS CASE WHEN block_number > solid_block() THEN 1 ELSE 0 END;
