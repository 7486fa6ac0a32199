-- /api/account/approve/list and /api/security/auth/data: the current approvals of one owner (current_approvals: the
-- newest approval per token, spender and token id; revoked ones, amount 0, left out), newest first. Reads one
-- owner's rows of a file sorted by owner. The spender's project, both sides' labels and whether a risk list names the
-- spender come from the per-version lookups (shapes/approval-shape.ts withReferences), not from five joins here:
-- DuckDB plans a parameterized statement again at every execution, and the joins were half of its cost.
-- @param address VARCHAR
SELECT a.contract_address, a.spender_address, a.token_id, a.token_standard, a.event_type, a.amount_raw, a.unlimited,
       a."timestamp"
FROM current_approvals a
WHERE a.owner_address = $address AND a.amount_raw <> '0'
ORDER BY a."timestamp" DESC, a.contract_address, a.spender_address, a.token_id
