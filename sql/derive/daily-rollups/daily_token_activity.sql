-- Per UTC day and token: transfers, distinct senders and receivers, amount moved in the smallest unit, exact
-- (issue 11; tokenTransfer/analysis, token/analysis). Tokens: TRC20 / TRC721 / TRC1155 contracts (token_transfers
-- rows, which are of successful transactions), TRX as '_' (successful TransferContract, sun) and TRC10 ids
-- (successful TransferAssetContract). Distinct counts do not add up across days: a publish recomputes its days.
SELECT "date" AS day,
       epoch_ms(CAST(CAST("date" AS DATE) AS TIMESTAMP)) AS day_ts,
       contract_address AS token_id,
       token_standard,
       count(*) AS transfer_count,
       count(DISTINCT from_address) AS sender_count,
       count(DISTINCT to_address) AS receiver_count,
       CAST(sum(CAST(amount_raw AS HUGEINT)) AS VARCHAR) AS amount_raw
FROM token_transfers
GROUP BY ALL
UNION ALL
SELECT t."date", epoch_ms(CAST(CAST(t."date" AS DATE) AS TIMESTAMP)),
       CASE WHEN t.contract_type = 1 THEN '_' ELSE t.token_id END,
       CASE WHEN t.contract_type = 1 THEN 'trx' ELSE 'trc10' END,
       count(*), count(DISTINCT t.owner_address), count(DISTINCT t.to_address),
       CAST(sum(CAST(t.amount AS HUGEINT)) AS VARCHAR)
FROM transactions t
WHERE t.contract_type IN (1, 2) AND t.contract_ret = 'SUCCESS' AND (t.contract_type = 1 OR t.token_id IS NOT NULL)
GROUP BY ALL
