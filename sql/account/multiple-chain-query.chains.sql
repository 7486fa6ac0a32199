-- /api/multiple/chain/query: the address on other chains, from the multichain_addresses reference (none loaded: no
-- rows), by chain id.
-- @param address VARCHAR
SELECT chain, name, title, address, "exists", logo, url, "type"
FROM multichain_addresses WHERE tron_address = $address
ORDER BY name
