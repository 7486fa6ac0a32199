-- Transaction kinds that change account state without moving tokens (issue 12): CancelAllUnfreezeV2 (59) and
-- AccountPermissionUpdate (46). A share of existing system transactions of the same shape is given the new type
-- here, after 04 made them and before 05 sums the block totals, so the mix of reference.ts (and every draw keyed on
-- it) is unchanged. Their state effects are sized in opening-state.sql (README "Opening state").

-- CancelAllUnfreezeV2 (59): half of the WithdrawExpireUnfreeze (56) that are their owner's last Stake 2.0 withdrawal
-- (55 or 56) of the batch. Like a 56 it withdraws what has matured (withdraw_amount, sized in opening-state.sql);
-- it also returns every unstake still pending to the stake (parameter_json.cancel_unfreezeV2_amount). Being the
-- owner's last withdrawal, no later withdrawal of the window loses what it would have taken. Same size and fee as the
-- 56 (an owner address only); amount 0, as the ingester writes a 59 (datasets/ingest/decode.ts).
CREATE TABLE g_ak_cancel AS
SELECT tx_hash FROM (
  SELECT tx_hash, contract_type, block_number * 100000 + tx_index AS pos,
         max(block_number * 100000 + tx_index) OVER (PARTITION BY owner_address) AS last_pos
  FROM transactions WHERE contract_type IN (55, 56) AND contract_ret = 'SUCCESS'
) WHERE contract_type = 56 AND pos = last_pos AND uf(hash(tx_hash || {{seed}}), 90) < 0.5;

UPDATE transactions SET contract_type = 59, amount = 0
FROM g_ak_cancel c WHERE transactions.tx_hash = c.tx_hash;

-- AccountPermissionUpdate (46): 15 % of the AccountCreate (0) transactions. The owner sets its owner and active
-- permissions: 70 % a 2-of-3 multi-signature (itself and two pool keys), 30 % back to one key (itself, threshold 1).
-- parameter_json = the contract's owner / actives as the ingester keeps them (Permission objects, keys Base58). Fee
-- 100 TRX (getUpdateAccountPermissionFee, tron-chain-data §4.2) plus the bandwidth burned when not staked; a
-- permission update is ~150-200 bytes larger than an account creation (the keys).
CREATE TABLE g_ak_perm AS
SELECT t.tx_hash, t.owner_address AS o, k1.b58 AS k1, k2.b58 AS k2, uf(hash(t.tx_hash || {{seed}}), 92) < 0.7 AS multi,
       (430 + floor(uf(hash(t.tx_hash || {{seed}}), 93) * 40))::INTEGER AS size_bytes
FROM transactions t
JOIN g_addr k1 ON k1.i = (hash(t.tx_hash || 'k1' || {{seed}}) % {{pool}})::INTEGER
JOIN g_addr k2 ON k2.i = (hash(t.tx_hash || 'k2' || {{seed}}) % {{pool}})::INTEGER
WHERE t.contract_type = 0 AND uf(hash(t.tx_hash || {{seed}}), 91) < 0.15
  AND k1.b58 <> t.owner_address AND k2.b58 <> t.owner_address AND k1.b58 <> k2.b58;

UPDATE transactions SET contract_type = 46, to_address = NULL,
  parameter_json = CASE WHEN p.multi
    THEN '{"owner":{"type":"Owner","permission_name":"owner","threshold":2,"keys":[{"address":"' || p.o || '","weight":1},{"address":"' || p.k1 || '","weight":1},{"address":"' || p.k2 || '","weight":1}]},'
         || '"actives":[{"type":"Active","id":2,"permission_name":"active","threshold":2,"operations":"7fff1fc0033e0300000000000000000000000000000000000000000000000000","keys":[{"address":"' || p.o || '","weight":1},{"address":"' || p.k1 || '","weight":1},{"address":"' || p.k2 || '","weight":1}]}]}'
    ELSE '{"owner":{"type":"Owner","permission_name":"owner","threshold":1,"keys":[{"address":"' || p.o || '","weight":1}]},'
         || '"actives":[{"type":"Active","id":2,"permission_name":"active","threshold":1,"operations":"7fff1fc0033e0300000000000000000000000000000000000000000000000000","keys":[{"address":"' || p.o || '","weight":1}]}]}'
  END,
  size_bytes = p.size_bytes,
  net_usage = CASE WHEN transactions.net_usage > 0 THEN p.size_bytes ELSE 0 END,
  net_fee = CASE WHEN transactions.net_usage > 0 THEN 0 ELSE p.size_bytes * 1000 END,
  fee = 100000000 + CASE WHEN transactions.net_usage > 0 THEN 0 ELSE p.size_bytes * 1000 END
FROM g_ak_perm p WHERE transactions.tx_hash = p.tx_hash;
