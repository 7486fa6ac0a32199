-- Every positive token position of a holder across the four ledgers, clustered by holder (the tokens of one address
-- read a few row groups): TRC20 and TRC10 balances, TRC721 the number of token ids owned per contract, TRC1155 the
-- quantity summed over the contract's token ids held (each id's position positive). The zero address is no holder.
SELECT holder_address, 'trc20' AS token_standard, contract_address AS token_id, balance_raw, balance, update_ts
FROM trc20_balances_by_holder
UNION ALL
SELECT holder_address, 'trc10', token_id, balance_raw, balance, update_ts
FROM trc10_balances
WHERE CAST(balance_raw AS HUGEINT) > 0 AND holder_address <> zero_address()
UNION ALL
SELECT owner_address, 'trc721', contract_address, CAST(count(*) AS VARCHAR), CAST(count(*) AS DOUBLE), max(latest_transfer_ts)
FROM trc721_owners
WHERE owner_address <> zero_address()
GROUP BY owner_address, contract_address
UNION ALL
SELECT holder_address, 'trc1155', contract_address, CAST(sum(CAST(balance_raw AS HUGEINT)) AS VARCHAR),
       CAST(sum(CAST(balance_raw AS HUGEINT)) AS DOUBLE), max(update_ts)
FROM trc1155_balances
WHERE CAST(balance_raw AS HUGEINT) > 0
GROUP BY holder_address, contract_address
