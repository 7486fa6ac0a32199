-- CTE `held(contract_address, project, venue, kind, underlying_address)`: the registry's position tokens of
-- defi_positions: a JustLend market's jToken (role 'market', its lp_token itself) as `supply` with its underlying,
-- a SunSwap V2 pair's own LP token as `lp` (project_contracts).
held AS (
  SELECT contract_address, project, venue,
         CASE WHEN role = 'market' THEN 'supply' ELSE 'lp' END AS kind,
         CASE WHEN role = 'market' THEN trim(tokens) END AS underlying_address
  FROM main.project_contracts
  WHERE (venue = 'justlend' AND role = 'market' AND lp_token = contract_address)
     OR (venue = 'sunswap_v2' AND role = 'pool' AND lp_token = contract_address)
)
