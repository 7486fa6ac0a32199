-- The `confirmed` flag of a row: its block is at or below the solid block.
CREATE OR REPLACE MACRO is_confirmed(block_number) AS block_number <= solid_block();
