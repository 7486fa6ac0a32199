-- Accounts: the newest snapshot row of each account (an account is what the chain activated: an address seen only as
-- a TRC20 recipient has no snapshot and is no account), with its TRON Power, lake activity and sort places.
WITH s AS (
  SELECT address, as_of_block, balance, create_time, account_name, is_witness FROM account_snapshots
  QUALIFY row_number() OVER (PARTITION BY address ORDER BY as_of_block DESC) = 1
), j AS (
  SELECT s.address, s.as_of_block, s.balance, coalesce(p.tron_power, 0)::BIGINT AS power,
         coalesce(p.votes_used, 0)::BIGINT AS votes_used, s.create_time, s.account_name AS name, s.is_witness,
         (c.address IS NOT NULL) AS is_contract,
         coalesce(a.tx_out, 0)::BIGINT AS tx_out, coalesce(a.tx_in, 0)::BIGINT AS tx_in,
         coalesce(a.tx_total, 0)::BIGINT AS tx_total, coalesce(a.last_out_ts, 0)::BIGINT AS latest_operation_time
  FROM s
  LEFT JOIN stake_positions p ON p.address = s.address
  LEFT JOIN account_activity a ON a.address = s.address
  LEFT JOIN contracts c ON c.address = s.address
  WHERE s.create_time > 0 OR s.balance > 0
)
SELECT *,
       row_number() OVER (ORDER BY balance DESC, address) AS rank_balance,
       row_number() OVER (ORDER BY power DESC, address) AS rank_power,
       row_number() OVER (ORDER BY tx_total DESC, address) AS rank_tx
FROM j
