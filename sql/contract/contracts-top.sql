-- /api/contracts' triggerTop7: the seven contracts called most on the head's UTC day $day (contract_resources_named's
-- places by calls, then distinct callers, then address; names and labels from the contracts dimension).
-- @param day VARCHAR
SELECT call_rank, contract_address, name, tag, call_count
FROM contract_resources_named
WHERE day = $day AND call_rank <= 7
ORDER BY call_rank
