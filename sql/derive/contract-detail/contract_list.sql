-- One row per contract of the contracts dimension: its TRX balance at the head (trx_balances when its TRX moved in
-- the lake, else its newest account snapshot's, else 0: a contract is created with no TRX but what its deploy sends,
-- a flow) and the transactions it received in the lake (account_activity.tx_in).
WITH s AS (
  SELECT address, balance FROM account_snapshots
  WHERE address IN (SELECT address FROM contracts)
  QUALIFY row_number() OVER (PARTITION BY address ORDER BY as_of_block DESC) = 1
)
SELECT c.address, c.name, c.creator_address, c.created_ts, c.is_token, c.tag,
       coalesce(b.balance, s.balance, 0)::BIGINT AS balance,
       coalesce(a.tx_in, 0)::BIGINT AS trx_count
FROM contracts c
LEFT JOIN trx_balances b ON b.address = c.address
LEFT JOIN s ON s.address = c.address
LEFT JOIN account_activity a ON a.address = c.address
