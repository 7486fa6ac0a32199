-- Per UTC day and contract: the bandwidth and burned sun of the TriggerSmartContract calls to it, and the energy of
-- the CreateSmartContract that created it. Bandwidth paid by burning in bytes = net_fee / the bandwidth price in force
-- at the block time (resource_prices), as address_block_activity; NULL for the row when a burning call has no price.
SELECT t."date" AS day,
       epoch_ms(CAST(CAST(t."date" AS DATE) AS TIMESTAMP)) AS day_ts,
       t.contract_address,
       CAST(coalesce(sum(t.net_usage) FILTER (WHERE t.contract_type = 31), 0) AS BIGINT) AS net_usage,
       CAST(coalesce(sum(t.net_fee) FILTER (WHERE t.contract_type = 31), 0) AS BIGINT) AS net_fee,
       CASE WHEN bool_or(t.contract_type = 31 AND t.net_fee > 0 AND bp.price_sun IS NULL) THEN NULL
            ELSE CAST(coalesce(sum(t.net_fee // bp.price_sun) FILTER (WHERE t.contract_type = 31 AND t.net_fee > 0), 0) AS BIGINT) END AS net_burn,
       CAST(coalesce(sum(t.energy_fee) FILTER (WHERE t.contract_type = 31), 0) AS BIGINT) AS energy_fee,
       CAST(coalesce(sum(t.energy_usage_total) FILTER (WHERE t.contract_type = 30), 0) AS BIGINT) AS deploy_energy_usage_total
FROM transactions t
ASOF LEFT JOIN (SELECT from_ts, price_sun FROM resource_prices WHERE resource = 'bandwidth') bp ON t."timestamp" >= bp.from_ts
WHERE t.contract_type IN (30, 31) AND t.contract_address IS NOT NULL
GROUP BY ALL
