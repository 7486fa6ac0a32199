-- A transaction kind that changes account state without moving tokens (issue 12): AccountPermissionUpdate (46).
-- A share of existing system transactions is given the new type here, after 04 made them and before 05 sums the
-- block totals (its fee and size differ), so the mix of reference.ts (and every draw keyed on it) is unchanged. Its
-- state effect is written in opening-state.sql, as is CancelAllUnfreezeV2 (59), which needs the whole window
-- (docs/generator.md "Opening state").

-- AccountPermissionUpdate (46): 15 % of the AccountCreate (0) transactions. The owner sets its owner and active
-- permissions: 70 % a 2-of-3 multi-signature (itself and two pool keys), 30 % back to one key (itself, threshold 1).
-- parameter_json = the contract's owner / actives as the ingester keeps them (Permission objects, keys Base58; the
-- owner's type Owner = 0 is the enum default, which the node leaves out when it prints the contract). Fee
-- 100 TRX (getUpdateAccountPermissionFee, tron-chain-data §4.2) plus the bandwidth burned when not staked; a
-- permission update is ~150-200 bytes larger than an account creation (the keys).
-- Every AccountCreate with draw 91 under 0.15 becomes one (02-tx-base.sql counts the others as creating accounts,
-- so none may be left out): its two keys are distinct existing accounts other than the owner (offsets d1 != d2 in the
-- numbering of the always-existing pool indices, settled_no / settled_at; the owner is one of them).
CREATE TABLE g_ak_perm AS
WITH t AS (
  SELECT t.tx_hash, t.owner_address AS o, settled_no(a.i) AS so,
         (1 + hash(t.tx_hash || 'k1' || {{seed}}) % ({{n_settled}} - 1))::BIGINT AS d1,
         (hash(t.tx_hash || 'k2' || {{seed}}) % ({{n_settled}} - 2))::BIGINT AS e2
  FROM transactions t JOIN g_addr a ON a.b58 = t.owner_address
  WHERE t.contract_type = 0 AND uf(hash(t.tx_hash || {{seed}}), 91) < 0.15
)
SELECT t.tx_hash, t.o, k1.b58 AS k1, k2.b58 AS k2, uf(hash(t.tx_hash || {{seed}}), 92) < 0.7 AS multi,
       (430 + floor(uf(hash(t.tx_hash || {{seed}}), 93) * 40))::INTEGER AS size_bytes
FROM t
JOIN g_addr k1 ON k1.i = settled_at((t.so + t.d1) % {{n_settled}})
JOIN g_addr k2 ON k2.i = settled_at((t.so + 1 + (t.d1 + t.e2) % ({{n_settled}} - 1)) % {{n_settled}});

UPDATE transactions SET contract_type = 46, to_address = NULL,
  parameter_json = CASE WHEN p.multi
    THEN '{"owner":{"permission_name":"owner","threshold":2,"keys":[{"address":"' || p.o || '","weight":1},{"address":"' || p.k1 || '","weight":1},{"address":"' || p.k2 || '","weight":1}]},'
         || '"actives":[{"type":"Active","id":2,"permission_name":"active","threshold":2,"operations":"7fff1fc0033e0300000000000000000000000000000000000000000000000000","keys":[{"address":"' || p.o || '","weight":1},{"address":"' || p.k1 || '","weight":1},{"address":"' || p.k2 || '","weight":1}]}]}'
    ELSE '{"owner":{"permission_name":"owner","threshold":1,"keys":[{"address":"' || p.o || '","weight":1}]},'
         || '"actives":[{"type":"Active","id":2,"permission_name":"active","threshold":1,"operations":"7fff1fc0033e0300000000000000000000000000000000000000000000000000","keys":[{"address":"' || p.o || '","weight":1}]}]}'
  END,
  size_bytes = p.size_bytes,
  net_usage = CASE WHEN transactions.net_usage > 0 THEN p.size_bytes ELSE 0 END,
  net_fee = CASE WHEN transactions.net_usage > 0 THEN 0 ELSE p.size_bytes * 1000 END,
  fee = 100000000 + CASE WHEN transactions.net_usage > 0 THEN 0 ELSE p.size_bytes * 1000 END
FROM g_ak_perm p WHERE transactions.tx_hash = p.tx_hash;
