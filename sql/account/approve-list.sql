-- /api/account/approve/list and /api/security/auth/data: the current approvals of one owner (current_approvals: the
-- newest approval per token, spender and token id; revoked ones, amount 0, left out), newest first, with the
-- spender's project (project_contracts, projects), both sides' labels (address_labels) and whether a risk list names
-- the spender (risk_addresses). Reads one owner's rows of a file sorted by owner.
-- @param address VARCHAR
SELECT a.contract_address, a.spender_address, a.token_id, a.token_standard, a.event_type, a.amount_raw, a.unlimited,
       a."timestamp", p.project, p.name AS project_name, p.url AS project_url,
       lf.public_tag AS from_tag, lt.public_tag AS to_tag, (r.address IS NOT NULL) AS spender_risk
FROM current_approvals a
LEFT JOIN project_contracts pc ON pc.contract_address = a.spender_address
LEFT JOIN projects p ON p.project = pc.project
LEFT JOIN address_labels lf ON lf.address = a.owner_address
LEFT JOIN address_labels lt ON lt.address = a.spender_address
LEFT JOIN risk_addresses r ON r.address = a.spender_address
WHERE a.owner_address = $address AND a.amount_raw <> '0'
ORDER BY a."timestamp" DESC, a.contract_address, a.spender_address, a.token_id
