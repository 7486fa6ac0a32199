-- Additive per-day measures by contract type. amount is sun for TRX-valued types, raw units for TRC10 types, an
-- exact sum stored as DECIMAL(38,0) (Parquet keeps it exact; int64 amounts cannot pass 10^38 in a day).
SELECT CAST(CAST(epoch_ms("timestamp") AS DATE) AS VARCHAR) AS day,
       epoch_ms(CAST(CAST(epoch_ms("timestamp") AS DATE) AS TIMESTAMP)) AS day_ts,
       contract_type,
       count(*) AS tx_count,
       CAST(sum(amount) AS DECIMAL(38,0)) AS amount,
       sum(fee)::BIGINT AS fee,
       sum(energy_usage_total)::BIGINT AS energy_usage_total,
       sum(net_usage)::BIGINT AS net_usage,
       count(*) FILTER (WHERE contract_ret <> 'SUCCESS') AS failed_count,
       -- A VoteWitness transaction's amount is 0: its votes are the vote counts of its parameters.
       CAST(coalesce(sum(list_sum(list_transform(json_extract(parameter_json, '$.votes[*].vote_count'), x -> CAST(x AS BIGINT))))
            FILTER (WHERE contract_type = 4), 0) AS DECIMAL(38,0)) AS vote_count
FROM transactions
GROUP BY ALL;
