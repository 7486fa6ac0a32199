-- Token transfers of the given standards (and contract, when given) over the whole lake, from the daily rollup.
-- @param standards VARCHAR[]
-- @param contract VARCHAR
SELECT coalesce(sum(transfer_count), 0) AS n FROM daily_token_transfer_stats
WHERE list_contains($standards, token_standard) AND ($contract IS NULL OR contract_address = $contract);
