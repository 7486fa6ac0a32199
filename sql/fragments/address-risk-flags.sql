-- Our risk rules counted per signer over schema {{1}} (main: the whole lake; delta: the new blocks; docs/compat.md
-- "Security and approvals"): dust TRX transfers (under 1 TRX) with a memo, and zero-value TRC20 transfers out of
-- another address's balance (the transferFrom(victim, look-alike, 0) of address poisoning).
SELECT address, sum(d)::BIGINT AS dust_memo_transfers, sum(z)::BIGINT AS zero_value_spoofs, max(ts) AS last_ts
FROM (
  SELECT owner_address AS address, 1 AS d, 0 AS z, "timestamp" AS ts
  FROM {{1}}.transactions
  WHERE contract_type = 1 AND amount < 1000000 AND memo <> ''
  UNION ALL
  SELECT x.owner_address, 0, 1, t."timestamp"
  FROM {{1}}.token_transfers t
  JOIN {{1}}.transactions x ON x.block_number = t.block_number AND x.tx_index = t.tx_index
  WHERE t.token_standard = 'trc20' AND t.amount_raw = '0' AND x.owner_address <> t.from_address
)
GROUP BY address
