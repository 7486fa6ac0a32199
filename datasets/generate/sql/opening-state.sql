-- The opening state (issue 12): per address, the state the generated window starts from, each amount the smallest
-- that keeps every prefix of the window's flows feasible plus a seeded surplus; then the head state = opening +
-- flows. Both are written as snapshots (account_snapshots, resource_delegations, network_snapshots at the block
-- before the first one and at the head; trc20_snapshots with the opening TRC20 balances), exactly as the ingester
-- writes what the node answers. Runs over the staged catalog tables after 07: of the one batch, or of every batch of
-- a batched build (index.ts openingPass: a first pass stages each batch, this file runs over all of them, and each
-- batch applies what it changed). Model and simplifications: docs/generator.md "Opening state".

CREATE TABLE g_os_bounds AS
SELECT min(block_number) - 1 AS open_block, max(block_number) AS head_block,
       min("timestamp") - 3000 AS open_ts, max("timestamp") AS head_ts
FROM blocks;

-- Accounts created in the window (docs/generator.md "New accounts"), with their creation time: a born pool index's first
-- transaction is the one creating it (AccountCreate, or a TRX / TRC10 transfer to it: 02-tx-base.sql), and every
-- contract deployed in the window. They have no opening state: no opening snapshot, no opening balance, stake,
-- delegation, permission or token, and only receive in the window.
CREATE TABLE g_os_new AS
SELECT t.to_address AS address, min(t."timestamp") AS created
FROM transactions t JOIN g_addr a ON a.b58 = t.to_address
WHERE t.contract_type IN (0, 1, 2) AND is_born(a.i)
GROUP BY t.to_address
UNION ALL
SELECT contract_address, "timestamp" FROM transactions WHERE contract_type = 30 AND contract_ret = 'SUCCESS';

-- CancelAllUnfreezeV2 (59): half of the WithdrawExpireUnfreeze (56) that are their owner's last Stake 2.0 withdrawal
-- (55 or 56) of the window (of every batch: so it is chosen here, over the whole window, not in account-kinds.sql).
-- Like a 56 it withdraws what has matured (withdraw_amount, below); it also returns every unstake still pending to
-- the stake (parameter_json.cancel_unfreezeV2_amount). Being the
-- owner's last withdrawal, no later withdrawal of the window loses what it would have taken. Same size and fee as the
-- 56 (an owner address only: the block totals stay), amount 0, as the ingester writes a 59 (datasets/ingest/decode.ts).
CREATE TABLE g_os_cancel59 AS
SELECT tx_hash FROM (
  SELECT tx_hash, contract_type, block_number * 100000 + tx_index AS pos,
         max(block_number * 100000 + tx_index) OVER (PARTITION BY owner_address) AS last_pos
  FROM transactions WHERE contract_type IN (55, 56) AND contract_ret = 'SUCCESS'
) WHERE contract_type = 56 AND pos = last_pos AND uf(hash(tx_hash || {{seed}}), 90) < 0.5;

UPDATE transactions SET contract_type = 59, amount = 0
FROM g_os_cancel59 c WHERE transactions.tx_hash = c.tx_hash;

-- Typed stake, vote and withdrawal events of successful transactions (the generator's system contracts all succeed).
CREATE TABLE g_os_ev AS
SELECT block_number, tx_index, "timestamp" AS ts, contract_type AS ct, owner_address AS owner, to_address AS rcv, amount,
       coalesce(resource, 'BANDWIDTH') AS res, withdraw_amount,
       coalesce(TRY_CAST(json_extract(parameter_json, '$.lock') AS BOOLEAN), false) AS locked,
       coalesce(TRY_CAST(json_extract(parameter_json, '$.lock_period') AS BIGINT), 0) AS lock_period,
       CASE WHEN contract_type = 4 THEN parameter_json END AS votes_json
FROM transactions
WHERE contract_type IN (4, 12, 13, 54, 55, 56, 57, 58, 59) AND contract_ret = 'SUCCESS';

-- Withdrawals follow matured unstakes. Windows (previous withdrawal, this one] of an owner's UnfreezeBalanceV2 (55,
-- which withdraws what has matured), WithdrawExpireUnfreeze (56) and CancelAllUnfreezeV2 (59, which withdraws what
-- has matured too) partition time, so an unstake is withdrawn by the first withdrawal at or after its expiry (14 days
-- after it). A 56 or 59 whose window holds no matured unstake of the window gets one opening unstake (pending before
-- the window) expiring inside its window, of the amount drawn (a 59's amount is 0, as the ingester writes it: its
-- draw is in withdraw_amount, account-kinds.sql).
CREATE TABLE g_os_w AS
SELECT owner, block_number, tx_index, ts, ct, CASE ct WHEN 59 THEN withdraw_amount ELSE amount END AS drawn,
       lag(ts) OVER (PARTITION BY owner ORDER BY block_number, tx_index) AS prev_ts
FROM g_os_ev WHERE ct IN (55, 56, 59);

CREATE TABLE g_os_unstake AS
SELECT owner, res, amount, ts + 14 * 86400000 AS expire, false AS opening FROM g_os_ev WHERE ct = 55;

INSERT INTO g_os_unstake
SELECT w.owner, CASE WHEN uf(hash(w.owner || {{seed}}), 61) < 0.6 THEN 'ENERGY' ELSE 'BANDWIDTH' END,
       w.drawn, coalesce((w.prev_ts + w.ts) // 2, w.ts - 86400000), true
FROM g_os_w w
WHERE w.ct IN (56, 59) AND NOT EXISTS (
  SELECT 1 FROM g_os_unstake u WHERE u.owner = w.owner AND u.expire <= w.ts AND u.expire > coalesce(w.prev_ts, -1));

-- A 59 is its owner's last withdrawal (account-kinds.sql): every unstake expiring after it is cancelled, i.e.
-- returned to the stake. One made in the window's first 13 days also gets an opening unstake still pending at its
-- time (expiring before the window's 14th day), so early cancels return something even without a recent unstake.
INSERT INTO g_os_unstake
SELECT w.owner, CASE WHEN uf(hash(w.owner || {{seed}}), 80) < 0.6 THEN 'ENERGY' ELSE 'BANDWIDTH' END,
       (floor(pow(10, 1 + 4 * uf(hash(w.owner || {{seed}}), 81))) * 1000000)::BIGINT,
       w.ts + (b.open_ts + 14 * 86400000 - w.ts) // 2, true
FROM g_os_w w, g_os_bounds b
WHERE w.ct = 59 AND w.ts < b.open_ts + 13 * 86400000;

CREATE TABLE g_os_wsum AS
SELECT w.owner, w.block_number, w.tx_index, coalesce(sum(u.amount), 0)::BIGINT AS got
FROM g_os_w w LEFT JOIN g_os_unstake u ON u.owner = w.owner AND u.expire <= w.ts AND u.expire > coalesce(w.prev_ts, -1)
GROUP BY w.owner, w.block_number, w.tx_index;

UPDATE transactions SET withdraw_amount = CASE WHEN s.got > 0 THEN s.got END,
                        amount = CASE WHEN transactions.contract_type = 56 THEN s.got ELSE transactions.amount END
FROM g_os_wsum s
WHERE transactions.contract_type IN (55, 56, 59) AND transactions.owner_address = s.owner
  AND transactions.block_number = s.block_number AND transactions.tx_index = s.tx_index;

UPDATE g_os_ev SET withdraw_amount = CASE WHEN s.got > 0 THEN s.got END,
                   amount = CASE WHEN g_os_ev.ct = 56 THEN s.got ELSE g_os_ev.amount END
FROM g_os_wsum s
WHERE g_os_ev.ct IN (55, 56, 59) AND g_os_ev.owner = s.owner AND g_os_ev.block_number = s.block_number AND g_os_ev.tx_index = s.tx_index;

-- What each CancelAllUnfreezeV2 returns to the stake per resource: the owner's unstakes expiring after it (the 59 is
-- the owner's last withdrawal and no unstake follows it), written as the node's cancel_unfreezeV2_amount map.
CREATE TABLE g_os_cancel AS
SELECT w.owner, w.block_number, w.tx_index, w.ts, u.res, sum(u.amount)::BIGINT AS amount
FROM g_os_w w JOIN g_os_unstake u ON u.owner = w.owner AND u.expire > w.ts
WHERE w.ct = 59 GROUP BY w.owner, w.block_number, w.tx_index, w.ts, u.res;

UPDATE transactions SET parameter_json = c.j
FROM (SELECT owner, block_number, tx_index,
             '{"cancel_unfreezeV2_amount":{' || string_agg('"' || res || '":' || amount, ',' ORDER BY res) || '}}' AS j
      FROM g_os_cancel GROUP BY owner, block_number, tx_index) c
WHERE transactions.contract_type = 59 AND transactions.owner_address = c.owner
  AND transactions.block_number = c.block_number AND transactions.tx_index = c.tx_index;

-- Stake 1.0: an UnfreezeBalance (12) releases the whole frozen amount of its resource, so the opening holds it.
-- New Stake 1.0 freezes are rejected by the chain, so a second unfreeze of the same (owner, resource) could never
-- succeed: it is given to another pool address instead (drawn from its hash; its tx id does not depend on the owner).
CREATE TABLE g_os_v1dup AS
SELECT block_number, tx_index FROM (
  SELECT block_number, tx_index, row_number() OVER (PARTITION BY owner, res ORDER BY block_number, tx_index) AS k
  FROM g_os_ev WHERE ct = 12
) WHERE k > 1;
UPDATE transactions SET owner_address = a.b58
FROM g_os_v1dup d, g_addr a
WHERE transactions.contract_type = 12 AND transactions.block_number = d.block_number AND transactions.tx_index = d.tx_index
  AND a.i = settled((hash(transactions.tx_hash) % {{pool}})::INTEGER);
UPDATE g_os_ev SET owner = t.owner_address FROM transactions t, g_os_v1dup d
WHERE g_os_ev.ct = 12 AND g_os_ev.block_number = d.block_number AND g_os_ev.tx_index = d.tx_index
  AND t.block_number = d.block_number AND t.tx_index = d.tx_index;
CREATE TABLE g_os_v1open AS
SELECT owner, res, arg_min(amount, block_number * 100000 + tx_index) AS amount, min(ts) AS unfrozen_at
FROM g_os_ev WHERE ct = 12 GROUP BY owner, res;

-- Stake 2.0 delegations per (owner, receiver, resource): the unlocked part must cover every undelegation. A locked
-- delegation (lock_period blocks of 3 s) renews the lock of the pair's locked balance; the lock chain's balance
-- becomes unlocked when its newest expiry passes.
CREATE TABLE g_os_lock AS
WITH l AS (
  SELECT owner, rcv, res, ts, amount, ts + lock_period * 3000 AS expiry,
         lag(ts + lock_period * 3000) OVER (PARTITION BY owner, rcv, res ORDER BY block_number, tx_index) AS prev_expiry,
         block_number, tx_index
  FROM g_os_ev WHERE ct = 57 AND locked
), c AS (
  SELECT *, sum(CASE WHEN prev_expiry IS NULL OR ts >= prev_expiry THEN 1 ELSE 0 END)
              OVER (PARTITION BY owner, rcv, res ORDER BY block_number, tx_index) AS chain
  FROM l
)
SELECT owner, rcv, res, chain, sum(amount)::BIGINT AS amount, arg_max(expiry, block_number * 100000 + tx_index) AS expiry
FROM c GROUP BY owner, rcv, res, chain;

CREATE TABLE g_os_deleg_need AS
WITH d AS (
  SELECT owner, rcv, res, ts, 0 AS o, CASE ct WHEN 57 THEN amount ELSE -amount END AS delta
  FROM g_os_ev WHERE ct = 58 OR (ct = 57 AND NOT locked)
  UNION ALL
  SELECT l.owner, l.rcv, l.res, l.expiry, 1, l.amount FROM g_os_lock l, g_os_bounds b WHERE l.expiry <= b.head_ts
  UNION ALL -- pairs whose only delegations are still locked at the head
  SELECT owner, rcv, res, ts, 0, 0 FROM g_os_ev WHERE ct = 57 AND locked
), p AS (
  SELECT owner, rcv, res, sum(delta) OVER (PARTITION BY owner, rcv, res ORDER BY ts, o DESC, delta ROWS UNBOUNDED PRECEDING) AS run FROM d
)
SELECT owner, rcv, res,
       (greatest(0, -min(run)) + CASE WHEN uf(hash(owner || rcv || res || {{seed}}), 62) < 0.5
                                       AND rcv NOT IN (SELECT address FROM g_os_new)
                                       THEN floor(pow(10, 1 + 3 * uf(hash(owner || rcv || res || {{seed}}), 63))) * 1000000 ELSE 0 END)::BIGINT AS opening
FROM p GROUP BY owner, rcv, res;

-- Own Stake 2.0 per (owner, resource): freezes add, unstakes and delegations take, undelegations give back.
CREATE TABLE g_os_own_need AS
WITH d AS (
  SELECT owner, res, block_number, tx_index,
         CASE ct WHEN 54 THEN amount WHEN 58 THEN amount ELSE -amount END AS delta
  FROM g_os_ev WHERE ct IN (54, 55, 57, 58)
), p AS (
  SELECT owner, res, sum(delta) OVER (PARTITION BY owner, res ORDER BY block_number, tx_index ROWS UNBOUNDED PRECEDING) AS run FROM d
)
SELECT owner, res, greatest(0, -min(run))::BIGINT AS need FROM p GROUP BY owner, res;

-- The addresses with state: every owner of a transaction, receivers of TRX, delegations and internal TRX, the witnesses.
CREATE TABLE g_os_addr AS
SELECT DISTINCT address FROM (
  SELECT owner_address AS address FROM transactions
  UNION ALL SELECT to_address FROM transactions WHERE contract_type IN (0, 1, 57) AND to_address IS NOT NULL
  UNION ALL SELECT to_address FROM internal_transactions WHERE token_id = '_' AND call_value > 0 AND NOT rejected
  UNION ALL SELECT address FROM witnesses
  -- acct2 (issue 14): contracts holding TRX (call values received, internal TRX sent) are accounts too; without a
  -- snapshot their balance history had no anchor (the trx_flows reconciliation, test/endpoints/account).
  UNION ALL SELECT coalesce(contract_address, to_address) FROM transactions
    WHERE contract_type IN (30, 31) AND amount > 0 AND contract_ret = 'SUCCESS' AND token_id IS NULL
  UNION ALL SELECT caller_address FROM internal_transactions WHERE token_id = '_' AND call_value > 0 AND NOT rejected
  -- TRC10 holders and issuers: their balances are the accounts' assetV2 (a TRC10 transfer creates the receiving account)
  UNION ALL SELECT to_address FROM transactions WHERE contract_type = 2 AND contract_ret = 'SUCCESS' AND to_address IS NOT NULL
  UNION ALL SELECT issuer_address FROM tokens WHERE token_standard = 'trc10'
  -- every contract deployed in the window is an account from its deployment on
  UNION ALL SELECT address FROM g_os_new
  -- the foundation wallets (reference.ts), accounts whether or not the window moves their TRX
  UNION ALL SELECT b58 FROM g_addr WHERE i IN ({{foundation_i}})
);

-- Opening own stakes: the need plus a seeded surplus; a third of the addresses without any stake event hold one too.
CREATE TABLE g_os_own AS
WITH r AS (SELECT unnest(['BANDWIDTH', 'ENERGY', 'TRON_POWER']) AS res)
SELECT a.address AS owner, r.res,
       (coalesce(n.need, 0) + CASE WHEN uf(hash(a.address || r.res || {{seed}}), 64) < CASE WHEN n.need IS NULL THEN 0.12 ELSE 0.5 END
                                        AND a.address NOT IN (SELECT address FROM g_os_new)
                                   THEN floor(pow(10, 1 + 4 * uf(hash(a.address || r.res || {{seed}}), 65))) * 1000000 ELSE 0 END)::BIGINT AS opening
FROM g_os_addr a CROSS JOIN r LEFT JOIN g_os_own_need n ON n.owner = a.address AND n.res = r.res;

-- Stake 1.0 positions: those the window unfreezes, and 0.5 % of the addresses holding one the window never touches
-- (they exist only in the snapshots).
CREATE TABLE g_os_v1pos AS
SELECT owner, res, amount FROM g_os_v1open
UNION ALL
SELECT a.address, CASE WHEN uf(hash(a.address || {{seed}}), 66) < 0.5 THEN 'ENERGY' ELSE 'BANDWIDTH' END,
       (floor(pow(10, 2 + 4 * uf(hash(a.address || {{seed}}), 67))) * 1000000)::BIGINT
FROM g_os_addr a
WHERE uf(hash(a.address || {{seed}}), 68) < 0.005 AND a.address NOT IN (SELECT owner FROM g_os_v1open)
  AND a.address NOT IN (SELECT address FROM g_os_new);

-- Votes in force over time: the last VoteWitness replaces the whole set; a Stake 1.0 unfreeze cancels all votes.
-- Opening votes: 30 % of the addresses with opening TRON Power vote one SR with part of it.
CREATE TABLE g_os_tp0 AS
SELECT o.owner AS address, sum(o.opening)::BIGINT + coalesce((SELECT sum(amount) FROM g_os_v1pos v WHERE v.owner = o.owner), 0)::BIGINT
       + coalesce((SELECT sum(opening) FROM g_os_deleg_need d WHERE d.owner = o.owner), 0)::BIGINT AS tp_sun
FROM g_os_own o GROUP BY o.owner;

CREATE TABLE g_os_vote0 AS
SELECT t.address, w.address AS sr, greatest(1, floor(t.tp_sun / 1000000 * (0.2 + 0.8 * uf(hash(t.address || {{seed}}), 69))))::BIGINT AS cnt
FROM g_os_tp0 t
JOIN witnesses w ON w.rank = 1 + (hash(t.address || {{seed}}) % 27)::INTEGER
WHERE t.tp_sun >= 10000000 AND uf(hash(t.address || {{seed}}), 70) < 0.3;

-- TRON Power changes (sun) and votes in force (whole votes) at each event of an address, to size the extra
-- TRON_POWER stake that keeps every vote within TRON Power for as long as it is in force (the window never
-- revokes a vote by unstaking: see docs/generator.md "Opening state").
CREATE TABLE g_os_tpneed AS
WITH e AS (
  SELECT owner AS address, block_number, tx_index,
         CASE ct WHEN 54 THEN amount WHEN 55 THEN -amount WHEN 12 THEN -coalesce((SELECT v.amount FROM g_os_v1open v WHERE v.owner = g_os_ev.owner AND v.res = g_os_ev.res AND v.unfrozen_at = g_os_ev.ts), 0) ELSE 0 END AS dtp,
         CASE ct WHEN 4 THEN (SELECT sum(CAST(x.vote_count AS BIGINT)) FROM (SELECT unnest(from_json(json_extract(votes_json, '$.votes'), '[{"vote_count":"BIGINT"}]'), recursive := true)) x)
                 WHEN 12 THEN 0 END AS votes_now
  FROM g_os_ev WHERE ct IN (4, 12, 54, 55)
), r AS (
  SELECT address, sum(dtp) OVER w AS tp_run,
         last_value(votes_now IGNORE NULLS) OVER w AS votes_in_force
  FROM e WINDOW w AS (PARTITION BY address ORDER BY block_number, tx_index ROWS UNBOUNDED PRECEDING)
)
SELECT r.address,
       greatest(0, max(coalesce(r.votes_in_force, (SELECT sum(cnt) FROM g_os_vote0 v WHERE v.address = r.address), 0) * 1000000
                       - (coalesce(t.tp_sun, 0) + r.tp_run)))::BIGINT AS extra
FROM r LEFT JOIN g_os_tp0 t ON t.address = r.address
GROUP BY r.address, t.tp_sun;

UPDATE g_os_own SET opening = opening + n.extra FROM g_os_tpneed n
WHERE g_os_own.owner = n.address AND g_os_own.res = 'TRON_POWER' AND n.extra > 0;

-- TRX balances: every sun moved by the window, debits of a transaction before its credits; the opening is the
-- smallest that keeps every prefix non-negative, plus a seeded surplus for 70 % of the addresses.
CREATE TABLE g_os_trx AS
SELECT address, block_number, tx_index, delta FROM (
  SELECT owner_address AS address, block_number, tx_index, -fee AS delta FROM transactions WHERE fee > 0
  UNION ALL SELECT owner_address, block_number, tx_index, -amount FROM transactions
    WHERE amount > 0 AND contract_ret = 'SUCCESS' AND (contract_type IN (1, 30, 54) OR (contract_type = 31 AND token_id IS NULL))
  UNION ALL SELECT to_address, block_number, tx_index, amount FROM transactions
    WHERE amount > 0 AND contract_ret = 'SUCCESS' AND (contract_type IN (1, 30) OR (contract_type = 31 AND token_id IS NULL))
  UNION ALL SELECT owner_address, block_number, tx_index, amount FROM transactions WHERE contract_type IN (12, 13, 56) AND amount > 0
  UNION ALL SELECT owner_address, block_number, tx_index, withdraw_amount FROM transactions WHERE contract_type IN (55, 59) AND withdraw_amount > 0
  -- internal transactions carry no tx_index: theirs is their transaction's
  UNION ALL SELECT unnest([i.caller_address, i.to_address]), i.block_number, t.tx_index, unnest([-i.call_value, i.call_value])
    FROM internal_transactions i JOIN transactions t ON t.tx_hash = i.tx_hash
    WHERE i.token_id = '_' AND i.call_value > 0 AND NOT i.rejected
);

CREATE TABLE g_os_trx_open AS
WITH p AS (
  SELECT address, sum(delta) OVER (PARTITION BY address ORDER BY block_number, tx_index, delta ROWS UNBOUNDED PRECEDING) AS run,
         delta
  FROM g_os_trx
)
SELECT address, greatest(0, -min(run))::BIGINT AS need, sum(delta)::BIGINT AS flow FROM p GROUP BY address;

-- TRC20 opening balances per (token, holder): the smallest keeping every prefix non-negative, a seeded surplus for
-- 30 % of those that need one; the issuer holds the rest of the supply at the window's start (the supply at the
-- head minus the window's mints plus its burns), the supply raised where the holders' needs exceed it.
CREATE TABLE g_os_t20 AS
WITH m AS (
  SELECT contract_address, to_address AS holder, block_number, log_index, batch_index, CAST(amount_raw AS HUGEINT) AS delta
  FROM token_transfers WHERE token_standard = 'trc20'
  UNION ALL
  SELECT contract_address, from_address, block_number, log_index, batch_index, -CAST(amount_raw AS HUGEINT)
  FROM token_transfers WHERE token_standard = 'trc20'
  UNION ALL
  -- stablecoin events that move a balance without a Transfer (USDJ Mint / Burn, USDT DestroyedBlackFunds): a
  -- destroyed amount is then never more than the balance it is destroyed from
  SELECT contract_address, target_address, block_number, log_index, 0,
         CASE balance_effect WHEN 'credit' THEN 1 ELSE -1 END * CAST(amount_raw AS HUGEINT)
  FROM stablecoin_events WHERE balance_effect IS NOT NULL
  UNION ALL
  -- JustLend (issue 34): a borrower holds collateral when it borrows, the other market's jTokens worth its debt after
  -- the borrow at a 75 % collateral factor (TRX at 0.29 USD, jTokens at 0.02, the rules of defi-events.sql). A
  -- requirement, not a move: -C then +C at the Borrow's position, so the opening covers it and the head is unchanged.
  SELECT CASE WHEN market_address = {{jusdt_b58}} THEN {{jtrx_b58}} ELSE {{jusdt_b58}} END, borrower_address, block_number, log_index, 0,
         unnest([-1, 1]) * CASE WHEN market_address = {{jusdt_b58}}
                                THEN CAST(account_borrows_raw AS HUGEINT) * 5000 * 10000 // (29 * 75)
                                ELSE CAST(account_borrows_raw AS HUGEINT) * 29 * 5000 // (100 * 75) END
  FROM lending_events WHERE event_name = 'Borrow' AND market_address IN ({{jtrx_b58}}, {{jusdt_b58}})
), p AS (
  SELECT contract_address, holder,
         sum(delta) OVER (PARTITION BY contract_address, holder ORDER BY block_number, log_index, batch_index, delta ROWS UNBOUNDED PRECEDING) AS run
  FROM m WHERE holder <> 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb'
)
SELECT contract_address, holder, greatest(0, -min(run))::HUGEINT AS need FROM p GROUP BY contract_address, holder;

CREATE TABLE g_os_t20open AS
SELECT contract_address, holder,
       -- the surplus is a whole fraction of the need in HUGEINT (need * 0.5 would be a DOUBLE: 18-decimal amounts lose digits)
       need + CASE WHEN uf(hash(contract_address || holder || {{seed}}), 71) < 0.3
                   THEN need * (1 + (hash(contract_address || holder || {{seed}}) % 50)::INTEGER) // 100 ELSE 0 END AS opening
FROM g_os_t20 WHERE need > 0;

CREATE TABLE g_os_supply AS
SELECT k.token_id AS contract_address, k.issuer_address AS issuer, CAST(k.total_supply_raw AS HUGEINT) AS supply_head,
       coalesce((SELECT sum(CASE WHEN t.from_address = 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb' THEN CAST(t.amount_raw AS HUGEINT) ELSE 0 END)
                      - sum(CASE WHEN t.to_address = 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb' THEN CAST(t.amount_raw AS HUGEINT) ELSE 0 END)
                 FROM token_transfers t WHERE t.contract_address = k.token_id AND t.token_standard = 'trc20'), 0)::HUGEINT
       -- supply moved without a Transfer (same stablecoin events as above)
       + coalesce((SELECT sum(CASE e.balance_effect WHEN 'credit' THEN 1 ELSE -1 END * CAST(e.amount_raw AS HUGEINT))
                   FROM stablecoin_events e WHERE e.contract_address = k.token_id AND e.balance_effect IS NOT NULL), 0)::HUGEINT AS net_mint,
       coalesce((SELECT sum(o.opening) FROM g_os_t20open o WHERE o.contract_address = k.token_id AND o.holder <> k.issuer_address), 0)::HUGEINT AS others
FROM tokens k WHERE k.token_standard = 'trc20';

-- issuer's opening = its own need, or the rest of the opening supply if larger
CREATE TABLE g_os_t20final AS
SELECT o.contract_address, o.holder, o.opening FROM g_os_t20open o
WHERE NOT EXISTS (SELECT 1 FROM g_os_supply s WHERE s.contract_address = o.contract_address AND s.issuer = o.holder)
UNION ALL
SELECT s.contract_address, s.issuer,
       greatest(coalesce((SELECT o.opening FROM g_os_t20open o WHERE o.contract_address = s.contract_address AND o.holder = s.issuer), 0),
                s.supply_head - s.net_mint - s.others)
FROM g_os_supply s;
DELETE FROM g_os_t20final WHERE opening = 0;

-- The supply at the head = the opening holdings + the window's net mints (raised only where the needs exceed it).
UPDATE tokens SET total_supply_raw = CAST(n.supply AS VARCHAR)
FROM (SELECT s.contract_address, s.net_mint + coalesce(sum(f.opening), 0) AS supply
      FROM g_os_supply s LEFT JOIN g_os_t20final f ON f.contract_address = s.contract_address GROUP BY s.contract_address, s.net_mint) n
WHERE tokens.token_id = n.contract_address AND tokens.token_standard = 'trc20';

INSERT INTO trc20_snapshots BY NAME
SELECT f.contract_address, f.holder AS holder_address, b.open_block AS as_of_block, CAST(f.opening AS VARCHAR) AS balance_raw
FROM g_os_t20final f, g_os_bounds b;

-- TRC10 opening balances per (token id, holder), the same way: the smallest keeping every prefix of the successful
-- TransferAsset (type 2) moves non-negative, a seeded surplus for 30 %; the issuer holds the rest of the supply (the
-- chain creates a TRC10 token whole in its issuer's account and never mints it again), the supply raised where the
-- holders' needs exceed it. Written as the accounts' assetV2 (account_snapshots.assets_json) at both ends.
CREATE TABLE g_os_t10 AS
WITH m AS (
  SELECT token_id, to_address AS holder, block_number, tx_index, CAST(amount AS HUGEINT) AS delta
  FROM transactions WHERE contract_type = 2 AND contract_ret = 'SUCCESS' AND token_id IS NOT NULL
  UNION ALL
  SELECT token_id, owner_address, block_number, tx_index, -CAST(amount AS HUGEINT)
  FROM transactions WHERE contract_type = 2 AND contract_ret = 'SUCCESS' AND token_id IS NOT NULL
), p AS (
  SELECT token_id, holder, sum(delta) OVER (PARTITION BY token_id, holder ORDER BY block_number, tx_index, delta ROWS UNBOUNDED PRECEDING) AS run,
         delta
  FROM m
)
SELECT token_id, holder, greatest(0, -min(run))::HUGEINT AS need, sum(delta)::HUGEINT AS flow FROM p GROUP BY token_id, holder;

CREATE TABLE g_os_t10open AS
WITH o AS (
  SELECT t.token_id, t.holder,
         t.need + CASE WHEN uf(hash(t.token_id || t.holder || {{seed}}), 78) < 0.3
                       THEN t.need * (1 + (hash(t.token_id || t.holder || {{seed}}) % 50)::INTEGER) // 100 ELSE 0 END AS opening
  FROM g_os_t10 t JOIN tokens k ON k.token_id = t.token_id AND k.token_standard = 'trc10' AND k.issuer_address <> t.holder
  WHERE t.need > 0
), i AS (
  SELECT k.token_id, k.issuer_address AS holder,
         greatest(coalesce((SELECT n.need FROM g_os_t10 n WHERE n.token_id = k.token_id AND n.holder = k.issuer_address), 0),
                  CAST(k.total_supply_raw AS HUGEINT) - coalesce((SELECT sum(o.opening) FROM o WHERE o.token_id = k.token_id), 0)) AS opening
  FROM tokens k WHERE k.token_standard = 'trc10'
)
SELECT token_id, holder, opening FROM o UNION ALL SELECT token_id, holder, opening FROM i WHERE opening > 0;

-- The supply = the opening holdings (a TRC10 transfer moves units, never creates them).
UPDATE tokens SET total_supply_raw = CAST(n.supply AS VARCHAR)
FROM (SELECT token_id, sum(opening) AS supply FROM g_os_t10open GROUP BY token_id) n
WHERE tokens.token_id = n.token_id AND tokens.token_standard = 'trc10';

-- Per address and side, the TRC10 balances as the node prints assetV2 ({"key": id, "value": units}, non-zero only),
-- the value a JSON number up to 2^53 - 1 and a string above, as the ingester writes it (datasets/ingest/snapshots.ts).
CREATE TABLE g_os_assets AS
WITH b AS (
  SELECT coalesce(o.token_id, f.token_id) AS token_id, coalesce(o.holder, f.holder) AS address,
         coalesce(o.opening, 0) AS open_bal, coalesce(o.opening, 0) + coalesce(f.flow, 0) AS head_bal
  FROM g_os_t10open o FULL JOIN g_os_t10 f ON f.token_id = o.token_id AND f.holder = o.holder
), s AS (
  SELECT 'open' AS side, address, token_id, open_bal AS bal FROM b WHERE open_bal <> 0
  UNION ALL SELECT 'head', address, token_id, head_bal FROM b WHERE head_bal <> 0
)
SELECT side, address,
       -- sorted as a list, not by an ordered aggregate (a sort per group; see account_snapshots below)
       '[' || array_to_string(list_transform(list_sort(list({'k': token_id, 'v': '{"key":"' || token_id || '","value":'
                 || CASE WHEN bal BETWEEN -9007199254740991 AND 9007199254740991 THEN CAST(bal AS VARCHAR) ELSE '"' || CAST(bal AS VARCHAR) || '"' END
                 || '}'}), 'ASC', 'NULLS LAST'), x -> x.v), ',') || ']' AS j
FROM s GROUP BY side, address;

-- TRC1155 opening quantities per (contract, token id, holder): the smallest keeping every prefix non-negative, a
-- seeded surplus for 30 %. No node API reads TRC1155 state for an account, and the standard defines no total supply
-- (its operator mints from the zero address), so these rows are the generator's own snapshot (trc1155_snapshots, as
-- of the opening block); the ledger sql/derive/trc1155_balances.sql starts from them.
CREATE TABLE g_os_t1155 AS
WITH m AS (
  SELECT contract_address, token_id, to_address AS holder, block_number, log_index, batch_index, CAST(amount_raw AS HUGEINT) AS delta
  FROM token_transfers WHERE token_standard = 'trc1155'
  UNION ALL
  SELECT contract_address, token_id, from_address, block_number, log_index, batch_index, -CAST(amount_raw AS HUGEINT)
  FROM token_transfers WHERE token_standard = 'trc1155'
), p AS (
  SELECT contract_address, token_id, holder,
         sum(delta) OVER (PARTITION BY contract_address, token_id, holder ORDER BY block_number, log_index, batch_index, delta ROWS UNBOUNDED PRECEDING) AS run
  FROM m WHERE holder <> 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb'
)
SELECT contract_address, token_id, holder, greatest(0, -min(run))::HUGEINT AS need FROM p GROUP BY contract_address, token_id, holder;

INSERT INTO trc1155_snapshots BY NAME
SELECT t.contract_address, t.token_id, t.holder AS holder_address, b.open_block AS as_of_block,
       CAST(t.need + CASE WHEN uf(hash(t.contract_address || t.token_id || t.holder || {{seed}}), 79) < 0.3
                          THEN t.need * (1 + (hash(t.contract_address || t.token_id || t.holder || {{seed}}) % 50)::INTEGER) // 100 ELSE 0 END
            AS VARCHAR) AS balance_raw
FROM g_os_t1155 t, g_os_bounds b WHERE t.need > 0;

-- Stake 2.0 delegations: the opening (unlocked) and the head (lock = the newest lock chain while unexpired).
CREATE TABLE g_os_pairs AS
SELECT n.owner, n.rcv, n.res, n.opening,
       n.opening + coalesce((SELECT sum(CASE e.ct WHEN 57 THEN e.amount ELSE -e.amount END) FROM g_os_ev e
                             WHERE e.ct IN (57, 58) AND e.owner = n.owner AND e.rcv = n.rcv AND e.res = n.res), 0)::BIGINT AS head,
       coalesce(l.amount, 0)::BIGINT AS lock_balance, coalesce(l.expiry, 0)::BIGINT AS lock_expire
FROM g_os_deleg_need n
LEFT JOIN (SELECT owner, rcv, res, arg_max(amount, chain) AS amount, arg_max(expiry, chain) AS expiry FROM g_os_lock GROUP BY owner, rcv, res) l
  ON l.owner = n.owner AND l.rcv = n.rcv AND l.res = n.res AND l.expiry > (SELECT head_ts FROM g_os_bounds);

INSERT INTO resource_delegations BY NAME
SELECT p.owner AS from_address, p.rcv AS to_address, 2 AS version, p.res AS resource, b.open_block AS as_of_block,
       p.opening AS balance, 0::BIGINT AS lock_balance, 0::BIGINT AS expire_time
FROM g_os_pairs p, g_os_bounds b WHERE p.opening > 0
UNION ALL
SELECT p.owner, p.rcv, 2, p.res, b.head_block, p.head, p.lock_balance, p.lock_expire FROM g_os_pairs p, g_os_bounds b;

-- Own stakes at the head, pending unstakes at both ends, votes at both ends.
-- (the per-key sums are grouped once and joined: as correlated subqueries they cost 26 CPU s over two bench batches)
CREATE TABLE g_os_ownhead AS
SELECT o.owner, o.res, o.opening, o.opening + coalesce(e.delta, 0)::BIGINT + coalesce(c.amount, 0)::BIGINT AS head
FROM g_os_own o
LEFT JOIN (SELECT owner, res, sum(CASE ct WHEN 54 THEN amount WHEN 58 THEN amount ELSE -amount END) AS delta
           FROM g_os_ev WHERE ct IN (54, 55, 57, 58) GROUP BY owner, res) e ON e.owner = o.owner AND e.res = o.res
LEFT JOIN (SELECT owner, res, sum(amount) AS amount FROM g_os_cancel GROUP BY owner, res) c ON c.owner = o.owner AND c.res = o.res;

CREATE TABLE g_os_lastw AS SELECT owner, max(ts) AS ts, arg_max(ct, block_number * 100000 + tx_index) AS ct FROM g_os_ev WHERE ct IN (55, 56, 59) GROUP BY owner;

-- Pending at the head: what expires after the owner's last withdrawal, unless that was a cancel (59), which leaves
-- nothing pending.
CREATE TABLE g_os_pending AS
SELECT 'open' AS side, u.owner, u.res, u.amount, u.expire FROM g_os_unstake u WHERE u.opening
UNION ALL
SELECT 'head', u.owner, u.res, u.amount, u.expire FROM g_os_unstake u LEFT JOIN g_os_lastw w ON w.owner = u.owner
WHERE u.expire > coalesce(w.ts, -1) AND coalesce(w.ct, 0) <> 59;

CREATE TABLE g_os_votes AS
WITH last_vote AS (
  SELECT owner, arg_max(votes_json, block_number * 100000 + tx_index) AS votes_json, max(block_number * 100000 + tx_index) AS at
  FROM g_os_ev WHERE ct = 4 GROUP BY owner
), last_v1 AS (
  SELECT owner, max(block_number * 100000 + tx_index) AS at FROM g_os_ev WHERE ct = 12 GROUP BY owner
), tx_votes AS (
  SELECT l.owner, x.v.vote_address AS sr, x.v.vote_count AS cnt
  FROM last_vote l, (SELECT unnest(from_json(json_extract(l.votes_json, '$.votes'), '[{"vote_address":"VARCHAR","vote_count":"BIGINT"}]')) AS v) x
  WHERE l.at > coalesce((SELECT v1.at FROM last_v1 v1 WHERE v1.owner = l.owner), -1)
)
SELECT 'open' AS side, address, sr, cnt FROM g_os_vote0
UNION ALL SELECT 'head', owner, sr, cnt FROM tx_votes
UNION ALL SELECT 'head', v.address, v.sr, v.cnt FROM g_os_vote0 v
  WHERE v.address NOT IN (SELECT owner FROM g_os_ev WHERE ct IN (4, 12));

-- About 1 % of the accounts are multi-signature: owner and active permissions with threshold 2 of 3 keys.
CREATE TABLE g_os_perm AS
SELECT a.address,
       '{"type":"Owner","permission_name":"owner","threshold":2,"keys":[{"address":"' || a.address || '","weight":1},{"address":"' || k1.b58 || '","weight":1},{"address":"' || k2.b58 || '","weight":1}]}' AS owner_json,
       '[{"type":"Active","id":2,"permission_name":"active","threshold":2,"operations":"7fff1fc0033e0300000000000000000000000000000000000000000000000000","keys":[{"address":"' || a.address || '","weight":1},{"address":"' || k1.b58 || '","weight":1},{"address":"' || k2.b58 || '","weight":1}]}]' AS active_json
FROM g_os_addr a
JOIN g_addr k1 ON k1.i = settled((hash(a.address || 'k1' || {{seed}}) % {{pool}})::INTEGER)
JOIN g_addr k2 ON k2.i = settled((hash(a.address || 'k2' || {{seed}}) % {{pool}})::INTEGER)
WHERE uf(hash(a.address || {{seed}}), 73) < 0.01 AND a.address NOT IN (SELECT address FROM g_os_new) AND k1.b58 <> a.address AND k2.b58 <> a.address AND k1.b58 <> k2.b58;

-- An AccountPermissionUpdate (46, account-kinds.sql) replaces the account's owner and active permissions: the head
-- shows its last one's.
CREATE TABLE g_os_perm46 AS
SELECT owner_address AS address,
       arg_max(CAST(json_extract(parameter_json, '$.owner') AS VARCHAR), block_number * 100000 + tx_index) AS owner_json,
       arg_max(CAST(json_extract(parameter_json, '$.actives') AS VARCHAR), block_number * 100000 + tx_index) AS active_json
FROM transactions WHERE contract_type = 46 AND contract_ret = 'SUCCESS' GROUP BY owner_address;

-- A foundation wallet (reference.ts FOUNDATION_WALLETS) also holds a reserve of 1-3.2 G TRX (whole TRX) at the opening.
CREATE TABLE g_os_fund AS
SELECT b58 AS address, floor(pow(10, 9 + 0.5 * uf(hash(b58 || 'foundation' || {{seed}}), 1)))::BIGINT * 1000000 AS reserve
FROM g_addr WHERE i IN ({{foundation_i}});

CREATE TABLE g_os_bal AS
SELECT a.address,
       (coalesce(t.need, 0) + CASE WHEN uf(hash(a.address || {{seed}}), 74) < 0.7 AND n.address IS NULL
                                   THEN floor(pow(10, 4 + 6 * uf(hash(a.address || {{seed}}), 75))) ELSE 0 END
        + coalesce(f.reserve, 0))::BIGINT AS open_bal,
       coalesce(t.flow, 0)::BIGINT AS flow
FROM g_os_addr a LEFT JOIN g_os_trx_open t ON t.address = a.address LEFT JOIN g_os_new n ON n.address = a.address
LEFT JOIN g_os_fund f ON f.address = a.address;

CREATE TABLE g_os_side AS SELECT unnest(['open', 'head']) AS side;

INSERT INTO account_snapshots BY NAME
WITH own AS (
  SELECT owner, max(CASE WHEN res = 'BANDWIDTH' THEN opening END) AS bw0, max(CASE WHEN res = 'ENERGY' THEN opening END) AS en0,
         max(CASE WHEN res = 'TRON_POWER' THEN opening END) AS tp0, max(CASE WHEN res = 'BANDWIDTH' THEN head END) AS bw1,
         max(CASE WHEN res = 'ENERGY' THEN head END) AS en1, max(CASE WHEN res = 'TRON_POWER' THEN head END) AS tp1
  FROM g_os_ownhead GROUP BY owner
), dout AS (
  SELECT owner AS address, sum(CASE WHEN res = 'BANDWIDTH' THEN opening ELSE 0 END) AS bw0, sum(CASE WHEN res = 'ENERGY' THEN opening ELSE 0 END) AS en0,
         sum(CASE WHEN res = 'BANDWIDTH' THEN head ELSE 0 END) AS bw1, sum(CASE WHEN res = 'ENERGY' THEN head ELSE 0 END) AS en1
  FROM g_os_pairs GROUP BY owner
), din AS (
  SELECT rcv AS address, sum(CASE WHEN res = 'BANDWIDTH' THEN opening ELSE 0 END) AS bw0, sum(CASE WHEN res = 'ENERGY' THEN opening ELSE 0 END) AS en0,
         sum(CASE WHEN res = 'BANDWIDTH' THEN head ELSE 0 END) AS bw1, sum(CASE WHEN res = 'ENERGY' THEN head ELSE 0 END) AS en1
  FROM g_os_pairs GROUP BY rcv
), v1 AS (
  SELECT p.owner, p.res, p.amount, (p.owner, p.res) IN (SELECT (owner, res) FROM g_os_v1open) AS unfrozen,
         (SELECT open_ts FROM g_os_bounds) - (3 + floor(700 * uf(hash(p.owner || p.res || {{seed}}), 76)))::BIGINT * 86400000 AS expire
  FROM g_os_v1pos p
), pend AS (
  -- the lists are sorted as values (list_sort of structs compares field by field, NULLs last, as ORDER BY does): an
  -- ordered aggregate keeps a sort per group, 60 us a group (half of this statement on the default profile)
  SELECT side, owner, to_json(list_transform(list_sort(list({'e': expire, 'r': res, 'a': amount}), 'ASC', 'NULLS LAST'),
                                             x -> {'type': x.r, 'amount': x.a, 'expire': x.e})) AS j
  FROM g_os_pending GROUP BY side, owner
), vts AS (
  -- an account votes each SR once (its vote set, or its opening vote), so sorting by (sr, count) is sorting by sr
  SELECT side, address, to_json(list_sort(list({'address': sr, 'count': cnt}), 'ASC', 'NULLS LAST')) AS j FROM g_os_votes GROUP BY side, address
), wd AS (
  SELECT owner, max(ts) AS ts FROM g_os_ev WHERE ct = 13 GROUP BY owner
)
SELECT a.address,
       CASE s.side WHEN 'open' THEN b.open_block ELSE b.head_block END AS as_of_block,
       CASE s.side WHEN 'open' THEN bal.open_bal ELSE bal.open_bal + bal.flow END AS balance,
       coalesce(nw.created, b.open_ts - (1 + floor(1500 * uf(hash(a.address || {{seed}}), 77)))::BIGINT * 86400000) AS create_time,
       -- an SR that sets its name inside the window (AccountUpdate, governance-transactions.sql) had none before
       CASE WHEN s.side = 'open' AND a.address IN (SELECT owner_address FROM transactions WHERE contract_type = 10) THEN ''
            ELSE coalesce(w.name, '') END AS account_name,
       w.address IS NOT NULL AS is_witness,
       CASE WHEN s.side = 'head' THEN coalesce(wd.ts, 0) ELSE 0 END AS latest_withdraw_time,
       coalesce(CASE WHEN s.side = 'open' OR NOT vb.unfrozen THEN vb.amount END, 0) AS frozen_v1_bandwidth,
       coalesce(CASE WHEN s.side = 'open' OR NOT vb.unfrozen THEN vb.expire END, 0) AS frozen_v1_bandwidth_expire,
       coalesce(CASE WHEN s.side = 'open' OR NOT ve.unfrozen THEN ve.amount END, 0) AS frozen_v1_energy,
       coalesce(CASE WHEN s.side = 'open' OR NOT ve.unfrozen THEN ve.expire END, 0) AS frozen_v1_energy_expire,
       0::BIGINT AS delegated_v1_bandwidth, 0::BIGINT AS delegated_v1_energy, 0::BIGINT AS acquired_v1_bandwidth, 0::BIGINT AS acquired_v1_energy,
       coalesce(CASE s.side WHEN 'open' THEN o.bw0 ELSE o.bw1 END, 0) AS frozen_v2_bandwidth,
       coalesce(CASE s.side WHEN 'open' THEN o.en0 ELSE o.en1 END, 0) AS frozen_v2_energy,
       coalesce(CASE s.side WHEN 'open' THEN o.tp0 ELSE o.tp1 END, 0) AS frozen_v2_tron_power,
       coalesce(CASE s.side WHEN 'open' THEN dout.bw0 ELSE dout.bw1 END, 0) AS delegated_v2_bandwidth,
       coalesce(CASE s.side WHEN 'open' THEN dout.en0 ELSE dout.en1 END, 0) AS delegated_v2_energy,
       coalesce(CASE s.side WHEN 'open' THEN din.bw0 ELSE din.bw1 END, 0) AS acquired_v2_bandwidth,
       coalesce(CASE s.side WHEN 'open' THEN din.en0 ELSE din.en1 END, 0) AS acquired_v2_energy,
       coalesce(CAST(pend.j AS VARCHAR), '[]') AS unfrozen_v2_json,
       coalesce(CAST(vts.j AS VARCHAR), '[]') AS votes_json,
       CASE WHEN s.side = 'head' AND p46.address IS NOT NULL THEN p46.owner_json ELSE pm.owner_json END AS owner_permission_json,
       CASE WHEN s.side = 'head' AND p46.address IS NOT NULL THEN p46.active_json ELSE pm.active_json END AS active_permissions_json,
       CASE WHEN w.address IS NOT NULL THEN '{"type":"Witness","id":1,"permission_name":"witness","threshold":1,"keys":[{"address":"' || a.address || '","weight":1}]}' END AS witness_permission_json,
       coalesce(CAST(ast.j AS VARCHAR), '[]') AS assets_json,
       0::BIGINT AS reward -- the head's is set at the end of this file (g_os_reward)
FROM g_os_addr a CROSS JOIN g_os_side s CROSS JOIN g_os_bounds b
JOIN g_os_bal bal ON bal.address = a.address
LEFT JOIN own o ON o.owner = a.address
LEFT JOIN dout ON dout.address = a.address
LEFT JOIN din ON din.address = a.address
LEFT JOIN v1 vb ON vb.owner = a.address AND vb.res = 'BANDWIDTH'
LEFT JOIN v1 ve ON ve.owner = a.address AND ve.res = 'ENERGY'
LEFT JOIN pend ON pend.side = s.side AND pend.owner = a.address
LEFT JOIN vts ON vts.side = s.side AND vts.address = a.address
LEFT JOIN g_os_assets ast ON ast.side = s.side AND ast.address = a.address
LEFT JOIN wd ON wd.owner = a.address
LEFT JOIN g_os_perm pm ON pm.address = a.address
LEFT JOIN g_os_perm46 p46 ON p46.address = a.address
LEFT JOIN witnesses w ON w.address = a.address
LEFT JOIN g_os_new nw ON nw.address = a.address
-- an account created in the window is in no snapshot before it
WHERE NOT (s.side = 'open' AND nw.address IS NOT NULL);

-- The genesis blackhole (reference.ts BLACKHOLE; /api/funds `donateBalance`): a genesis account (create_time 0, its
-- genesis name), −2^63 sun plus every fee burned before the black-hole optimization, which precedes the window; since
-- then burns destroy TRX and nothing in the window moves its TRX, so both ends hold that balance. No stake, vote or
-- permission; not a pool address, so none of the draws above touch it.
INSERT INTO account_snapshots BY NAME
SELECT {{blackhole}} AS address, CASE s.side WHEN 'open' THEN b.open_block ELSE b.head_block END AS as_of_block,
       {{blackhole_sun}}::BIGINT AS balance, 0::BIGINT AS create_time, 'Blackhole' AS account_name, false AS is_witness,
       0::BIGINT AS latest_withdraw_time, 0::BIGINT AS frozen_v1_bandwidth, 0::BIGINT AS frozen_v1_bandwidth_expire,
       0::BIGINT AS frozen_v1_energy, 0::BIGINT AS frozen_v1_energy_expire, 0::BIGINT AS delegated_v1_bandwidth,
       0::BIGINT AS delegated_v1_energy, 0::BIGINT AS acquired_v1_bandwidth, 0::BIGINT AS acquired_v1_energy,
       0::BIGINT AS frozen_v2_bandwidth, 0::BIGINT AS frozen_v2_energy, 0::BIGINT AS frozen_v2_tron_power,
       0::BIGINT AS delegated_v2_bandwidth, 0::BIGINT AS delegated_v2_energy, 0::BIGINT AS acquired_v2_bandwidth,
       0::BIGINT AS acquired_v2_energy, '[]' AS unfrozen_v2_json, '[]' AS votes_json, '[]' AS assets_json, 0::BIGINT AS reward
FROM g_os_side s CROSS JOIN g_os_bounds b
WHERE {{blackhole}} NOT IN (SELECT address FROM g_os_addr);

-- Network totals: the generated accounts' stakes on top of the rest of the network (synthetic constants, whole TRX),
-- with the daily limits of tron-chain-data §4.2. As java-tron keeps them, each stake adds to the weight of its one
-- resource (FreezeBalance(V2) adds to TotalNetWeight, TotalEnergyWeight or TotalTronPowerWeight by its resource), so
-- TotalTronPowerWeight counts the TRON_POWER-only stakes and the three add up to the TRX staked (/api/top10
-- whole_freeze).
INSERT INTO network_snapshots BY NAME
SELECT CASE s.side WHEN 'open' THEN b.open_block ELSE b.head_block END AS as_of_block,
       CASE s.side WHEN 'open' THEN b.open_ts ELSE b.head_ts END AS "timestamp",
       3000000000 + (sum(x.frozen_v2_bandwidth + x.delegated_v2_bandwidth + x.frozen_v1_bandwidth) // 1000000)::BIGINT AS total_net_weight,
       43200000000 AS total_net_limit,
       15000000000 + (sum(x.frozen_v2_energy + x.delegated_v2_energy + x.frozen_v1_energy) // 1000000)::BIGINT AS total_energy_weight,
       180000000000 AS total_energy_limit,
       500000000 + (sum(x.frozen_v2_tron_power) // 1000000)::BIGINT AS total_tron_power_weight
FROM g_os_side s CROSS JOIN g_os_bounds b
JOIN account_snapshots x ON x.as_of_block = CASE s.side WHEN 'open' THEN b.open_block ELSE b.head_block END
GROUP BY s.side, b.open_block, b.head_block, b.open_ts, b.head_ts;

-- Unclaimed voting reward (account_snapshots.reward, what a node's getReward answers; issue 27). The model, kept
-- simple (docs/generator.md "Opening state"): every block pays 128 TRX to the votes of the SRs ranked 1-127 of the witnesses
-- dimension, shared by vote (V127 = those SRs' `votes`), one block every 3 s; a voter earns, per vote it holds for
-- an SR of that rank for t ms, 128 TRX × (100 − the SR's brokerage) % / V127 × t / 3000 ms. Its votes in force:
-- the opening set, then each VoteWitness's set, none after a Stake 1.0 unfreeze (as g_os_votes). It earns from its
-- last WithdrawBalance (13) of the window, else from the window's start (nothing is unclaimed at the opening), to
-- the head. Floored once, from the exact HUGEINT sum. Voters only: an SR's commission is not counted.
CREATE TABLE g_os_reward AS
WITH changes AS (
  SELECT owner AS address, ts, block_number * 100000 + tx_index AS pos, ct, votes_json FROM g_os_ev WHERE ct IN (4, 12)
  UNION ALL
  SELECT DISTINCT v.address, b.open_ts, -1, 0, NULL FROM g_os_vote0 v, g_os_bounds b
), spans AS (
  SELECT address, ct, votes_json, ts AS t0,
         coalesce(lead(ts) OVER (PARTITION BY address ORDER BY pos), (SELECT head_ts FROM g_os_bounds)) AS t1
  FROM changes
), held AS (
  SELECT s.address, s.t0, s.t1, v.sr, v.cnt FROM spans s JOIN g_os_vote0 v ON v.address = s.address WHERE s.ct = 0
  UNION ALL
  SELECT s.address, s.t0, s.t1, x.v.vote_address, x.v.vote_count
  FROM spans s, (SELECT unnest(from_json(json_extract(s.votes_json, '$.votes'), '[{"vote_address":"VARCHAR","vote_count":"BIGINT"}]')) AS v) x
  WHERE s.ct = 4
), since AS (
  SELECT owner AS address, max(ts) AS w FROM g_os_ev WHERE ct = 13 GROUP BY owner
)
SELECT h.address,
       (sum(h.cnt::HUGEINT * greatest(0, h.t1 - greatest(h.t0, coalesce(w.w, 0)))::HUGEINT * (100 - k.brokerage)::HUGEINT)
          * 128000000 // (300000 * (SELECT sum(votes) FROM witnesses WHERE rank <= 127)::HUGEINT))::BIGINT AS reward
FROM held h JOIN witnesses k ON k.address = h.sr AND k.rank <= 127
LEFT JOIN since w ON w.address = h.address
GROUP BY h.address;

UPDATE account_snapshots SET reward = r.reward
FROM g_os_reward r, g_os_bounds b
WHERE account_snapshots.address = r.address AND account_snapshots.as_of_block = b.head_block;

-- Resource usage (account_snapshots.net_usage, free_net_usage, energy_usage and their consume times, what a node's
-- getaccount answers; issue 27). The model (docs/generator.md "Resource usage"): the bandwidth (receipt net_usage) and energy
-- (receipt energy_usage) of the transactions an account signed, failed ones included, each recovering linearly to 0
-- over the 24 h after its block; the usage at the head is the sum of what is left of each, floored once from the
-- exact sum. Bandwidth comes from the account's stake when its head snapshot holds a bandwidth stake (own or
-- received, either version), else from the free allowance. A consume time is the account's last transaction that
-- consumed that resource (0: none in the window). The window columns stay NULL (the default 24 h window from the
-- consume time). The opening snapshot uses nothing: the window holds no transaction before it.
CREATE TABLE g_os_usage AS
WITH staked AS (
  SELECT s.address FROM account_snapshots s, g_os_bounds b
  WHERE s.as_of_block = b.head_block
    AND s.frozen_v2_bandwidth + s.acquired_v2_bandwidth + s.frozen_v1_bandwidth + s.acquired_v1_bandwidth > 0
), tx AS (
  SELECT t.owner_address AS address, t."timestamp" AS ts, t.net_usage, t.energy_usage, st.address IS NOT NULL AS staked
  FROM transactions t LEFT JOIN staked st ON st.address = t.owner_address
  WHERE t.net_usage > 0 OR t.energy_usage > 0
)
SELECT tx.address,
       (sum(CASE WHEN staked THEN net_usage::HUGEINT * greatest(0, 86400000 - (b.head_ts - ts)) ELSE 0 END) // 86400000)::BIGINT AS net_usage,
       coalesce(max(CASE WHEN staked AND net_usage > 0 THEN ts END), 0) AS latest_consume_time,
       (sum(CASE WHEN NOT staked THEN net_usage::HUGEINT * greatest(0, 86400000 - (b.head_ts - ts)) ELSE 0 END) // 86400000)::BIGINT AS free_net_usage,
       coalesce(max(CASE WHEN NOT staked AND net_usage > 0 THEN ts END), 0) AS latest_consume_free_time,
       (sum(energy_usage::HUGEINT * greatest(0, 86400000 - (b.head_ts - ts))) // 86400000)::BIGINT AS energy_usage,
       coalesce(max(CASE WHEN energy_usage > 0 THEN ts END), 0) AS latest_consume_time_for_energy
FROM tx CROSS JOIN g_os_bounds b
GROUP BY tx.address;

UPDATE account_snapshots SET net_usage = 0, latest_consume_time = 0, free_net_usage = 0, latest_consume_free_time = 0,
                             energy_usage = 0, latest_consume_time_for_energy = 0;
UPDATE account_snapshots SET net_usage = u.net_usage, latest_consume_time = u.latest_consume_time,
                             free_net_usage = u.free_net_usage, latest_consume_free_time = u.latest_consume_free_time,
                             energy_usage = u.energy_usage, latest_consume_time_for_energy = u.latest_consume_time_for_energy
FROM g_os_usage u, g_os_bounds b
WHERE account_snapshots.address = u.address AND account_snapshots.as_of_block = b.head_block;
