-- Token transfers of the given standards (and contract, when given) from the daily rollup, over the whole lake or
-- the whole UTC days from $start_day to $end_day (NULL = from / to the lake's end): the rollup's day is the UTC day
-- of the transfer's timestamp, so a window of whole days is a sum of its days.
-- @param standards VARCHAR[]
-- @param contract VARCHAR
-- @param start_day VARCHAR
-- @param end_day VARCHAR
SELECT coalesce(sum(transfer_count), 0) AS n FROM daily_token_transfer_stats
WHERE list_contains($standards, token_standard) AND ($contract IS NULL OR contract_address = $contract)
  AND ($start_day IS NULL OR day >= $start_day) AND ($end_day IS NULL OR day <= $end_day);
