-- /api/contracts: a page of the known contracts (contract_list: one row per contract, so a page sorts at most the
-- contracts, never the history), filtered by contracts.where.
-- @total
-- @param lim BIGINT
-- @param off BIGINT
SELECT c.address, c.name, c.creator_address, c.created_ts, c.is_token, c.tag, c.balance, c.trx_count
FROM contract_list c
WHERE {{> contract/contracts.where c}}
ORDER BY {{order_by}}
LIMIT $lim OFFSET $off
