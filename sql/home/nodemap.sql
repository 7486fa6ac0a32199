-- /api/nodemap: the nodes of the newest node-list snapshot that have a location in node_geo; the others are left
-- out (never placed). Both tables empty (no snapshot, no reference loaded) → no rows.
SELECT g.country, g.province, g.city, n.host AS ip, g.lng, g.lat
FROM network_nodes n JOIN node_geo g ON g.ip = n.host
WHERE n.as_of_block = (SELECT max(as_of_block) FROM network_nodes)
QUALIFY row_number() OVER (PARTITION BY n.host ORDER BY n.port) = 1
ORDER BY g.country, g.province, g.city, n.host
