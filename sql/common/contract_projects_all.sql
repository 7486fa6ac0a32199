-- Each registered contract's project (projectsOf of the responses, kept per version when the registry is small
-- enough): a contract whose project has no projects row has none, as a LEFT JOIN through both answers it.
SELECT pc.contract_address, p.project, p.name, p.url
FROM project_contracts pc
JOIN projects p ON p.project = pc.project;
