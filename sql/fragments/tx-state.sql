-- The state of a transaction row aliased {{1}} (SPEC §3 `confirm`): 2 reverted, 1 unconfirmed, 0 confirmed.
CASE WHEN {{1}}.contract_ret <> 'SUCCESS' THEN 2 WHEN {{1}}.block_number > solid_block() THEN 1 ELSE 0 END
