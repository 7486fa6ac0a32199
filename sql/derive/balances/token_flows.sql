-- Lifetime flows per token, the running state behind token_stats: transfer rows per token contract (every
-- token_transfers row, any standard) with the amounts minted (from the zero address) and burned (to it), exact; and
-- successful TRC10 transfers (TransferAssetContract) per token id. Kept for every token seen, listed or not, so a
-- token that joins the tokens dimension later already has its history.
SELECT 'smart' AS flow, contract_address AS token_id, count(*) AS transfer_count,
       CAST(coalesce(sum(CAST(amount_raw AS HUGEINT)) FILTER (WHERE from_address = zero_address()), 0) AS VARCHAR) AS minted_raw,
       CAST(coalesce(sum(CAST(amount_raw AS HUGEINT)) FILTER (WHERE to_address = zero_address()), 0) AS VARCHAR) AS burned_raw
FROM token_transfers
GROUP BY contract_address
UNION ALL
SELECT 'trc10', token_id, count(*), '0', '0'
FROM transactions
WHERE contract_type = 2 AND contract_ret = 'SUCCESS' AND token_id IS NOT NULL
GROUP BY token_id
