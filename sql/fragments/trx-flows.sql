-- Every TRX movement of an address, one row per side, signed (sun), over the transactions {{1}} and internal
-- transactions {{2}} (tables or names of the query around it): trx_flows (all of them) and daily_trx_holders (the
-- newest days) read it, so a TRX flow rule is written once. Fees (every kind is in `fee`: bandwidth and energy burned,
-- memo, multi-signature, account creation, SR application and TRC10 issue costs) are paid by the signer whether or
-- not the contract succeeded; the moves below only on success.
WITH t AS (
  SELECT * FROM {{1}}
), i AS (
  SELECT i.block_number, i."timestamp", i.caller_address, i.to_address, i.call_value
  FROM {{2}} i
  LEFT JOIN (SELECT block_number, tx_hash, contract_ret FROM t WHERE internal_count > 0) x
    ON x.block_number = i.block_number AND x.tx_hash = i.tx_hash
  WHERE i.token_id = '_' AND i.call_value <> 0 AND NOT i.rejected AND coalesce(x.contract_ret, 'SUCCESS') = 'SUCCESS'
), f AS (
  SELECT owner_address AS address, block_number, "timestamp", 'fee' AS kind, -fee AS delta FROM t WHERE fee <> 0
  -- TRX transfer (1) and TRC10 sale (9, ParticipateAssetIssue: TRX to the issuer)
  UNION ALL SELECT owner_address, block_number, "timestamp", 'sent', -amount FROM t
    WHERE contract_type IN (1, 9) AND contract_ret = 'SUCCESS' AND amount <> 0
  UNION ALL SELECT to_address, block_number, "timestamp", 'received', amount FROM t
    WHERE contract_type IN (1, 9) AND contract_ret = 'SUCCESS' AND amount <> 0
  -- TRX call value of a contract call or deployment (token_id NULL: a TRC10 call value moves no TRX)
  UNION ALL SELECT owner_address, block_number, "timestamp", 'call_value_sent', -amount FROM t
    WHERE contract_type IN (30, 31) AND contract_ret = 'SUCCESS' AND amount <> 0 AND token_id IS NULL
  UNION ALL SELECT coalesce(contract_address, to_address), block_number, "timestamp", 'call_value_received', amount FROM t
    WHERE contract_type IN (30, 31) AND contract_ret = 'SUCCESS' AND amount <> 0 AND token_id IS NULL
  -- internal TRX (calls, creates, self-destruct) of successful transactions, not rejected
  UNION ALL SELECT caller_address, block_number, "timestamp", 'internal_sent', -call_value FROM i
  UNION ALL SELECT to_address, block_number, "timestamp", 'internal_received', call_value FROM i
  -- stake (11 Stake 1.0, 54 Stake 2.0) leaves the balance; a Stake 1.0 unstake (12) returns it at once
  UNION ALL SELECT owner_address, block_number, "timestamp", 'stake', -amount FROM t
    WHERE contract_type IN (11, 54) AND contract_ret = 'SUCCESS' AND amount <> 0
  UNION ALL SELECT owner_address, block_number, "timestamp", 'unstake_v1', unfreeze_amount FROM t
    WHERE contract_type = 12 AND contract_ret = 'SUCCESS' AND coalesce(unfreeze_amount, 0) <> 0
  -- matured Stake 2.0 unstakes withdrawn: explicitly (56), automatically by an unstake (55) or by CancelAllUnfreezeV2
  -- (59); rewards withdrawn (13)
  UNION ALL SELECT owner_address, block_number, "timestamp",
                   CASE contract_type WHEN 13 THEN 'reward' ELSE 'withdraw_expire' END, withdraw_amount FROM t
    WHERE contract_type IN (13, 55, 56, 59) AND contract_ret = 'SUCCESS' AND coalesce(withdraw_amount, 0) <> 0
)
SELECT address, block_number, "timestamp", kind, CAST(delta AS BIGINT) AS delta
FROM f WHERE address IS NOT NULL
