-- Per UTC day and called contract (TriggerSmartContract): calls, distinct callers, TRX sent with the calls, and the
-- calls' energy by who paid it (issue 11; energydailystatistic, triggeramountstatistic). Distinct callers do not add
-- up across days: a publish recomputes the days it rewrites. Burned energy in units = energy_fee / the energy price
-- in force at the block time (resource_prices); NULL for the row when a burning call has no price.
SELECT t."date" AS day,
       epoch_ms(CAST(CAST(t."date" AS DATE) AS TIMESTAMP)) AS day_ts,
       t.contract_address,
       count(*) AS call_count,
       count(DISTINCT t.owner_address) AS caller_count,
       CAST(sum(CAST(t.amount AS HUGEINT)) AS VARCHAR) AS call_value_raw,
       CAST(sum(t.energy_usage_total) AS BIGINT) AS energy_usage_total,
       CAST(sum(t.energy_usage) AS BIGINT) AS energy_usage,
       CAST(sum(t.origin_energy_usage) AS BIGINT) AS origin_energy_usage,
       CAST(sum(t.energy_fee) AS BIGINT) AS energy_fee,
       CASE WHEN bool_or(t.energy_fee > 0 AND ep.price_sun IS NULL) THEN NULL
            ELSE CAST(coalesce(sum(t.energy_fee // ep.price_sun) FILTER (WHERE t.energy_fee > 0), 0) AS BIGINT) END AS energy_burn_units
FROM transactions t
ASOF LEFT JOIN (SELECT from_ts, price_sun FROM resource_prices WHERE resource = 'energy') ep ON t."timestamp" >= ep.from_ts
WHERE t.contract_type = 31 AND t.contract_address IS NOT NULL
GROUP BY ALL
