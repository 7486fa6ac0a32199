-- The projects of the given contracts (projectsOf of a response when the registry is too large to keep).
-- @param contracts VARCHAR[]
SELECT pc.contract_address, p.project, p.name, p.url
FROM project_contracts pc
JOIN projects p ON p.project = pc.project
WHERE pc.contract_address IN (SELECT unnest($contracts));
