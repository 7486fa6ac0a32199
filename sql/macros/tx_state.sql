-- The state of a transaction row (SPEC §3 `confirm`): 2 reverted (its result is not SUCCESS), else block_state.
CREATE OR REPLACE MACRO tx_state(contract_ret, block_number) AS CASE WHEN contract_ret <> 'SUCCESS' THEN 2 ELSE block_state(block_number) END;
