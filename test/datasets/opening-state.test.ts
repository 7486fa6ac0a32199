/**
 * The generator's opening state (issue 12), checked over the tiny lake with plain SQL over its Parquet files:
 * opening snapshot + every flow of the window = head snapshot, for every address, stake, delegation and vote;
 * every prefix of the flows feasible from the opening; every TRC20's holders sum to its supply (Transfers, and the
 * stablecoin moves without one).
 * The expectations are ledgers written here from the raw tables, not the generator's SQL.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { sql, testManifest } from '../helpers/lake.ts';

let open: number;
let head: number;

beforeAll(async () => {
  const m = await testManifest();
  open = m.first.number - 1;
  head = m.head.number;
});

const n = (v: unknown): bigint => BigInt(String(v ?? 0));

/** TRX at the opening per account: the opening snapshot's, and 0 for an account created in the window (no opening row). */
const OPENING_BALANCES = `
  SELECT address, balance FROM snap_account_snapshots WHERE as_of_block = (SELECT min(block_number) - 1 FROM raw_blocks)
  UNION ALL SELECT address, 0 FROM snap_account_snapshots
  WHERE as_of_block = (SELECT max(as_of_block) FROM snap_account_snapshots) AND create_time >= (SELECT min("timestamp") FROM raw_blocks)`;

/** What each CancelAllUnfreezeV2 (59) returned to the stake, per resource: its parameter_json map, one row per key. */
const CANCELS = `
  SELECT owner_address AS a, block_number AS b, tx_index AS i, k AS res,
         CAST(json_extract(parameter_json, '$.cancel_unfreezeV2_amount.' || k) AS BIGINT) AS amount
  FROM (SELECT *, unnest(json_keys(json_extract(parameter_json, '$.cancel_unfreezeV2_amount'))) AS k
        FROM raw_transactions WHERE contract_type = 59 AND parameter_json IS NOT NULL)`;

/**
 * Stablecoin events that move a balance without a Transfer (USDJ Mint / Burn, USDT DestroyedBlackFunds, issue 31):
 * the raw `stablecoin_events` rows (checked against the raw logs by test/endpoints/deep/stablecoin-key-events.test.ts).
 */
const MOVES_WITHOUT_TRANSFER = `SELECT contract_address AS c, target_address AS h, block_number AS b, log_index AS l, 0 AS k,
    CASE balance_effect WHEN 'credit' THEN 1 ELSE -1 END * CAST(amount_raw AS HUGEINT) AS d
  FROM raw_stablecoin_events WHERE balance_effect IS NOT NULL`;

describe('opening state of a generated lake', () => {
  it('has an opening and a head snapshot of every account, delegation and the network', async () => {
    const rows = await sql(`SELECT as_of_block, count(*) AS n FROM snap_account_snapshots GROUP BY 1 ORDER BY 1`);
    expect(rows.map((r) => Number(r.as_of_block))).toEqual([open, head]);
    // the head holds every opening account and the accounts created in the window (docs/generator.md "New
    // accounts"), which have no opening row
    const [c] = await sql(`SELECT
        count(*) FILTER (WHERE h.create_time >= (SELECT min("timestamp") FROM raw_blocks)) AS created,
        count(*) FILTER (WHERE o.address IS NOT NULL) AS opened
      FROM snap_account_snapshots h LEFT JOIN snap_account_snapshots o ON o.address = h.address AND o.as_of_block = ${open}
      WHERE h.as_of_block = ${head}`);
    expect(Number(c!.created)).toBeGreaterThan(0);
    expect(Number(c!.opened)).toBe(Number(rows[0]!.n));
    expect(Number(rows[0]!.n) + Number(c!.created)).toBe(Number(rows[1]!.n));
    const net = await sql(`SELECT as_of_block FROM snap_network_snapshots ORDER BY 1`);
    expect(net.map((r) => Number(r.as_of_block))).toEqual([open, head]);
    const m = await testManifest();
    expect(m.tables.account_snapshots!.asOfBlock).toBe(head);
  });

  it('TRX: opening balance + every sun the window moves = head balance, and no prefix goes below zero', async () => {
    const ledger = `
      WITH moves AS (
        SELECT owner_address AS a, block_number AS b, tx_index AS i, -fee AS d FROM raw_transactions WHERE fee > 0
        UNION ALL SELECT owner_address, block_number, tx_index, -amount FROM raw_transactions
          WHERE contract_ret = 'SUCCESS' AND amount > 0 AND (contract_type IN (1, 30, 54) OR (contract_type = 31 AND token_id IS NULL))
        UNION ALL SELECT to_address, block_number, tx_index, amount FROM raw_transactions
          WHERE contract_ret = 'SUCCESS' AND amount > 0 AND (contract_type IN (1, 30) OR (contract_type = 31 AND token_id IS NULL))
        UNION ALL SELECT owner_address, block_number, tx_index, amount FROM raw_transactions WHERE contract_type IN (12, 13, 56)
        UNION ALL SELECT owner_address, block_number, tx_index, coalesce(withdraw_amount, 0) FROM raw_transactions WHERE contract_type IN (55, 59)
        UNION ALL SELECT i.caller_address, i.block_number, t.tx_index, -i.call_value FROM raw_internal_transactions i JOIN raw_transactions t USING (tx_hash)
          WHERE i.token_id = '_' AND NOT i.rejected
        UNION ALL SELECT i.to_address, i.block_number, t.tx_index, i.call_value FROM raw_internal_transactions i JOIN raw_transactions t USING (tx_hash)
          WHERE i.token_id = '_' AND NOT i.rejected
      ), o AS (${OPENING_BALANCES}),
      run AS (
        SELECT m.a, o.balance + sum(m.d) OVER (PARTITION BY m.a ORDER BY m.b, m.i, m.d ROWS UNBOUNDED PRECEDING) AS bal FROM moves m JOIN o ON o.address = m.a
      )`;
    const [neg] = await sql(`${ledger} SELECT count(*) AS n FROM run WHERE bal < 0`);
    expect(Number(neg!.n)).toBe(0);
    const [diff] = await sql(`${ledger.replace(/, o AS[\s\S]*$/, '')}
      , flow AS (SELECT a, sum(d) AS d FROM moves GROUP BY a)
      SELECT count(*) AS n, sum((h.balance <> o.balance + coalesce(f.d, 0))::INT) AS bad
      FROM (${OPENING_BALANCES}) o JOIN snap_account_snapshots h ON h.address = o.address AND h.as_of_block = ${head}
      LEFT JOIN flow f ON f.a = o.address`);
    expect(Number(diff!.n)).toBeGreaterThan(1000);
    expect(Number(diff!.bad)).toBe(0);
    // Every address that moved TRX has a snapshot.
    const [missing] = await sql(`SELECT count(*) AS n FROM raw_transactions t WHERE t.owner_address NOT IN (SELECT address FROM snap_account_snapshots)`);
    expect(Number(missing!.n)).toBe(0);
  });

  it('Stake 2.0: own stake per resource and delegations per pair reconcile; no prefix below zero', async () => {
    // a cancel (59) returns its amounts to the stake: an event like a freeze (54)
    const events = `SELECT owner_address AS a, to_address AS r, resource AS res, contract_type AS ct, amount, block_number AS b, tx_index AS i
                    FROM raw_transactions WHERE contract_type IN (54, 55, 57, 58) AND contract_ret = 'SUCCESS'
                    UNION ALL SELECT a, NULL, res, 54, amount, b, i FROM (${CANCELS})`;
    const [own] = await sql(`
      WITH e AS (${events}), f AS (
        SELECT a, res, sum(CASE WHEN ct IN (54, 58) THEN amount ELSE -amount END) AS d FROM e GROUP BY ALL
      ), s AS (
        SELECT address, as_of_block, unnest(['BANDWIDTH', 'ENERGY', 'TRON_POWER']) AS res,
               unnest([frozen_v2_bandwidth, frozen_v2_energy, frozen_v2_tron_power]) AS v FROM snap_account_snapshots
      )
      SELECT count(*) AS n, sum((h.v <> o.v + coalesce(f.d, 0))::INT) AS bad
      FROM s o JOIN s h ON h.address = o.address AND h.res = o.res AND h.as_of_block = ${head}
      LEFT JOIN f ON f.a = o.address AND f.res = o.res WHERE o.as_of_block = ${open}`);
    expect(Number(own!.bad)).toBe(0);
    const [ownPrefix] = await sql(`
      WITH e AS (${events}), o AS (
        SELECT address, unnest(['BANDWIDTH', 'ENERGY', 'TRON_POWER']) AS res, unnest([frozen_v2_bandwidth, frozen_v2_energy, frozen_v2_tron_power]) AS v
        FROM snap_account_snapshots WHERE as_of_block = ${open}
      )
      SELECT count(*) AS n FROM (
        SELECT o.v + sum(CASE WHEN ct IN (54, 58) THEN amount ELSE -amount END) OVER (PARTITION BY e.a, e.res ORDER BY e.b, e.i ROWS UNBOUNDED PRECEDING) AS run
        FROM e JOIN o ON o.address = e.a AND o.res = e.res
      ) WHERE run < 0`);
    expect(Number(ownPrefix!.n)).toBe(0);
    const [pairs] = await sql(`
      WITH e AS (${events}), f AS (SELECT a, r, res, sum(CASE ct WHEN 57 THEN amount ELSE -amount END) AS d FROM e WHERE ct IN (57, 58) GROUP BY ALL),
      d AS (SELECT * FROM snap_resource_delegations WHERE version = 2)
      SELECT count(*) AS n,
             sum((coalesce(h.balance, 0) <> coalesce(o.balance, 0) + f.d)::INT) AS bad,
             sum((h.balance IS NULL)::INT) AS missing
      FROM f LEFT JOIN d o ON o.from_address = f.a AND o.to_address = f.r AND o.resource = f.res AND o.as_of_block = ${open}
      LEFT JOIN d h ON h.from_address = f.a AND h.to_address = f.r AND h.resource = f.res AND h.as_of_block = ${head}`);
    expect(Number(pairs!.n)).toBeGreaterThan(100);
    expect(Number(pairs!.bad)).toBe(0);
    expect(Number(pairs!.missing)).toBe(0);
    // Delegated / acquired totals of the accounts are the sums of their pairs.
    const [sides] = await sql(`
      WITH d AS (SELECT * FROM snap_resource_delegations WHERE version = 2 AND as_of_block = ${head})
      SELECT sum((a.delegated_v2_energy <> coalesce((SELECT sum(balance) FROM d WHERE d.from_address = a.address AND d.resource = 'ENERGY'), 0))::INT) AS bad_out,
             sum((a.acquired_v2_bandwidth <> coalesce((SELECT sum(balance) FROM d WHERE d.to_address = a.address AND d.resource = 'BANDWIDTH'), 0))::INT) AS bad_in
      FROM snap_account_snapshots a WHERE a.as_of_block = ${head}`);
    expect(Number(sides!.bad_out)).toBe(0);
    expect(Number(sides!.bad_in)).toBe(0);
  });

  it('unstakes mature after 14 days and each withdrawal takes exactly what matured since the previous one', async () => {
    // Pending unstakes of the opening + unstakes of the window - withdrawals = pending unstakes of the head, per owner.
    const rows = await sql(`
      WITH pend AS (
        SELECT address, as_of_block, coalesce(sum(CAST(u.amount AS BIGINT)), 0) AS amt
        FROM snap_account_snapshots, LATERAL (SELECT unnest(from_json(unfrozen_v2_json, '[{"amount":"BIGINT"}]'), recursive := true)) u
        GROUP BY ALL
      ), f AS (
        SELECT a, sum(d) AS d FROM (
          SELECT owner_address AS a, CASE contract_type WHEN 55 THEN amount - coalesce(withdraw_amount, 0) WHEN 56 THEN -amount ELSE -coalesce(withdraw_amount, 0) END AS d
          FROM raw_transactions WHERE contract_type IN (55, 56, 59)
          UNION ALL SELECT a, -amount FROM (${CANCELS})
        ) GROUP BY 1
      )
      SELECT f.a, coalesce(o.amt, 0) AS o, coalesce(h.amt, 0) AS h, f.d FROM f
      LEFT JOIN pend o ON o.address = f.a AND o.as_of_block = ${open} LEFT JOIN pend h ON h.address = f.a AND h.as_of_block = ${head}`);
    expect(rows.length).toBeGreaterThan(10);
    for (const r of rows) expect(n(r.o) + n(r.d)).toBe(n(r.h));
    // A WithdrawExpireUnfreeze always withdraws something, and nothing pending at the head has matured before the
    // owner's last withdrawal.
    const [zero] = await sql(`SELECT count(*) AS n FROM raw_transactions WHERE contract_type = 56 AND amount <= 0`);
    expect(Number(zero!.n)).toBe(0);
    const [early] = await sql(`
      WITH lastw AS (SELECT owner_address AS a, max("timestamp") AS ts FROM raw_transactions WHERE contract_type IN (55, 56, 59) GROUP BY 1)
      SELECT count(*) AS n FROM snap_account_snapshots s, LATERAL (SELECT unnest(from_json(s.unfrozen_v2_json, '[{"expire":"BIGINT"}]'), recursive := true)) u
      JOIN lastw w ON w.a = s.address WHERE s.as_of_block = ${head} AND u.expire <= w.ts`);
    expect(Number(early!.n)).toBe(0);
    // Each unstake of the window is pending at the head exactly when its owner has neither withdrawn since it matured
    // nor cancelled all unstakes since it was made: its expiry is its time + 14 days.
    const [unstakes] = await sql(`
      SELECT count(*) AS n FROM raw_transactions t WHERE contract_type = 55 AND NOT EXISTS (
        SELECT 1 FROM raw_transactions w WHERE w.owner_address = t.owner_address AND w.contract_type IN (55, 56, 59)
          AND w."timestamp" >= t."timestamp" + 14 * 86400000)
        AND NOT EXISTS (SELECT 1 FROM raw_transactions c WHERE c.owner_address = t.owner_address AND c.contract_type = 59
          AND (c.block_number, c.tx_index) > (t.block_number, t.tx_index))
        AND NOT EXISTS (SELECT 1 FROM snap_account_snapshots s, LATERAL (SELECT unnest(from_json(s.unfrozen_v2_json, '[{"expire":"BIGINT","amount":"BIGINT"}]'), recursive := true)) u
          WHERE s.address = t.owner_address AND s.as_of_block = ${head} AND u.expire = t."timestamp" + 14 * 86400000 AND u.amount = t.amount)`);
    expect(Number(unstakes!.n)).toBe(0);
  });

  it('votes: a VoteWitness replaces the whole set; the head holds the last one unless a Stake 1.0 unfreeze followed; always within TRON Power', async () => {
    const last = await sql(`
      WITH v AS (SELECT owner_address AS a, parameter_json, block_number * 100000 + tx_index AS pos FROM raw_transactions WHERE contract_type = 4),
      lv AS (SELECT a, arg_max(parameter_json, pos) AS p, max(pos) AS pos FROM v GROUP BY a),
      u1 AS (SELECT owner_address AS a, max(block_number * 100000 + tx_index) AS pos FROM raw_transactions WHERE contract_type = 12 GROUP BY 1)
      SELECT lv.a, lv.p, (u1.pos IS NOT NULL AND u1.pos > lv.pos) AS revoked, s.votes_json
      FROM lv LEFT JOIN u1 ON u1.a = lv.a JOIN snap_account_snapshots s ON s.address = lv.a AND s.as_of_block = ${head}`);
    expect(last.length).toBeGreaterThan(20);
    for (const r of last) {
      const want = r.revoked ? [] : (JSON.parse(String(r.p)).votes as { vote_address: string; vote_count: number }[]).map((x) => ({ address: x.vote_address, count: x.vote_count }));
      const got = JSON.parse(String(r.votes_json)) as { address: string; count: number }[];
      const key = (x: { address: string }) => x.address;
      expect(got.sort((a, b) => key(a).localeCompare(key(b)))).toEqual(want.sort((a, b) => key(a).localeCompare(key(b))));
    }
    // TRON Power (own stakes of every resource + Stake 2.0 delegated out + Stake 1.0) covers the votes at both ends.
    const [over] = await sql(`
      SELECT count(*) AS n FROM (
        SELECT s.frozen_v2_bandwidth + s.frozen_v2_energy + s.frozen_v2_tron_power + s.delegated_v2_bandwidth + s.delegated_v2_energy
               + s.frozen_v1_bandwidth + s.frozen_v1_energy AS tp,
               coalesce(list_sum(list_transform(from_json(s.votes_json, '[{"count":"BIGINT"}]'), x -> x.count)), 0) AS votes
        FROM snap_account_snapshots s
      ) WHERE votes * 1000000 > tp`);
    expect(Number(over!.n)).toBe(0);
  });

  it('Stake 1.0: an unfreeze releases an opening position; some positions exist only in the snapshots', async () => {
    const [bad] = await sql(`
      SELECT count(*) AS n FROM raw_transactions t JOIN snap_account_snapshots o ON o.address = t.owner_address AND o.as_of_block = ${open}
      JOIN snap_account_snapshots h ON h.address = t.owner_address AND h.as_of_block = ${head}
      WHERE t.contract_type = 12 AND NOT (
        (t.resource = 'ENERGY' AND o.frozen_v1_energy = t.amount AND h.frozen_v1_energy = 0) OR
        (coalesce(t.resource, 'BANDWIDTH') = 'BANDWIDTH' AND o.frozen_v1_bandwidth = t.amount AND h.frozen_v1_bandwidth = 0))`);
    expect(Number(bad!.n)).toBe(0);
    const [only] = await sql(`
      SELECT count(*) AS n FROM snap_account_snapshots h WHERE h.as_of_block = ${head} AND h.frozen_v1_energy + h.frozen_v1_bandwidth > 0
        AND h.address NOT IN (SELECT owner_address FROM raw_transactions WHERE contract_type IN (11, 12))`);
    expect(Number(only!.n)).toBeGreaterThan(0);
  });

  it('about 1 % of the accounts open multi-signature (owner threshold 2 of 3 keys)', async () => {
    const [r] = await sql(`SELECT count(*) AS n, sum((owner_permission_json IS NOT NULL)::INT) AS multi,
      sum((json_extract(owner_permission_json, '$.threshold')::INTEGER = 2 AND json_array_length(json_extract(owner_permission_json, '$.keys')) = 3)::INT) AS two_of_three
      FROM snap_account_snapshots WHERE as_of_block = ${open}`);
    const share = Number(r!.multi) / Number(r!.n);
    expect(share).toBeGreaterThan(0.002);
    expect(share).toBeLessThan(0.03);
    expect(Number(r!.two_of_three)).toBe(Number(r!.multi));
  });

  it('TRC20: opening balances + transfers never go below zero, and every token\'s holders sum to its supply', async () => {
    const [neg] = await sql(`
      WITH m AS (
        SELECT contract_address AS c, to_address AS h, block_number AS b, log_index AS l, batch_index AS k, CAST(amount_raw AS HUGEINT) AS d FROM raw_token_transfers WHERE token_standard = 'trc20'
        UNION ALL SELECT contract_address, from_address, block_number, log_index, batch_index, -CAST(amount_raw AS HUGEINT) FROM raw_token_transfers WHERE token_standard = 'trc20'
        UNION ALL ${MOVES_WITHOUT_TRANSFER}
      ), o AS (SELECT contract_address AS c, holder_address AS h, CAST(balance_raw AS HUGEINT) AS v FROM snap_trc20_snapshots WHERE as_of_block = ${open})
      SELECT count(*) AS n FROM (
        SELECT coalesce(o.v, 0) + sum(m.d) OVER (PARTITION BY m.c, m.h ORDER BY m.b, m.l, m.k, m.d ROWS UNBOUNDED PRECEDING) AS run
        FROM m LEFT JOIN o ON o.c = m.c AND o.h = m.h WHERE m.h <> 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb'
      ) WHERE run < 0`);
    expect(Number(neg!.n)).toBe(0);
    const tokens = await sql(`
      WITH m AS (
        SELECT contract_address AS c, to_address AS h, CAST(amount_raw AS HUGEINT) AS d FROM raw_token_transfers WHERE token_standard = 'trc20'
        UNION ALL SELECT contract_address, from_address, -CAST(amount_raw AS HUGEINT) FROM raw_token_transfers WHERE token_standard = 'trc20'
        UNION ALL SELECT c, h, d FROM (${MOVES_WITHOUT_TRANSFER})
        UNION ALL SELECT contract_address, holder_address, CAST(balance_raw AS HUGEINT) FROM snap_trc20_snapshots WHERE as_of_block = ${open}
      )
      SELECT t.token_id, t.symbol, t.total_supply_raw, CAST(coalesce(sum(m.d), 0) AS VARCHAR) AS held
      FROM dim_tokens t LEFT JOIN m ON m.c = t.token_id AND m.h <> 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb'
      WHERE t.token_standard = 'trc20' GROUP BY ALL`);
    expect(tokens.length).toBeGreaterThan(5);
    for (const t of tokens) expect({ token: t.symbol, held: t.held }).toEqual({ token: t.symbol, held: t.total_supply_raw });
    // The ledger the endpoints read agrees, and holds no negative row.
    const [ledger] = await sql(`SELECT count(*) AS n FROM read_parquet('${(await import('../helpers/lake.ts')).lakeDir()}/current/derived/trc20_balances/*.parquet') WHERE CAST(balance_raw AS HUGEINT) < 0`);
    expect(Number(ledger!.n)).toBe(0);
  });
  it('TRC10: opening assetV2 + transfers never go below zero, every token\'s holders sum to its supply, the head = opening + transfers', async () => {
    const assets = (side: number) => `
      SELECT address AS h, json_extract_string(x, '$.key') AS t, CAST(json_extract_string(x, '$.value') AS HUGEINT) AS v
      FROM (SELECT address, unnest(json_extract(assets_json, '$[*]')) AS x FROM snap_account_snapshots WHERE as_of_block = ${side})`;
    const moves = `
      SELECT token_id AS t, to_address AS h, block_number AS b, tx_index AS i, CAST(amount AS HUGEINT) AS d FROM raw_transactions WHERE contract_type = 2 AND contract_ret = 'SUCCESS'
      UNION ALL SELECT token_id, owner_address, block_number, tx_index, -CAST(amount AS HUGEINT) FROM raw_transactions WHERE contract_type = 2 AND contract_ret = 'SUCCESS'`;
    const [neg] = await sql(`
      WITH m AS (${moves}), o AS (${assets(open)})
      SELECT count(*) AS n, sum((run < 0)::INT) AS bad FROM (
        SELECT coalesce(o.v, 0) + sum(m.d) OVER (PARTITION BY m.t, m.h ORDER BY m.b, m.i, m.d ROWS UNBOUNDED PRECEDING) AS run
        FROM m LEFT JOIN o ON o.t = m.t AND o.h = m.h)`);
    expect(Number(neg!.n)).toBeGreaterThan(100);
    expect(Number(neg!.bad)).toBe(0);
    const tokens = await sql(`
      WITH m AS (SELECT t, h, d FROM (${moves}) UNION ALL SELECT t, h, v FROM (${assets(open)}))
      SELECT k.token_id, k.total_supply_raw, CAST(coalesce(sum(m.d), 0) AS VARCHAR) AS held
      FROM dim_tokens k LEFT JOIN m ON m.t = k.token_id WHERE k.token_standard = 'trc10' GROUP BY ALL`);
    expect(tokens.length).toBe(10);
    for (const t of tokens) expect({ token: t.token_id, held: t.held }).toEqual({ token: t.token_id, held: t.total_supply_raw });
    // The head snapshot's assetV2 is the opening plus the window's transfers, for every (holder, token).
    const [diff] = await sql(`
      WITH f AS (SELECT t, h, sum(d) AS d FROM (${moves}) GROUP BY ALL), o AS (${assets(open)}), hd AS (${assets(head)}),
      k AS (SELECT t, h FROM f UNION SELECT t, h FROM o UNION SELECT t, h FROM hd)
      SELECT count(*) AS n, sum((coalesce(hd.v, 0) <> coalesce(o.v, 0) + coalesce(f.d, 0))::INT) AS bad
      FROM k LEFT JOIN f USING (t, h) LEFT JOIN o USING (t, h) LEFT JOIN hd USING (t, h)`);
    expect(Number(diff!.n)).toBeGreaterThan(100);
    expect(Number(diff!.bad)).toBe(0);
    const [ledger] = await sql(`SELECT count(*) AS n FROM read_parquet('${(await import('../helpers/lake.ts')).lakeDir()}/current/derived/trc10_balances/*.parquet') WHERE CAST(balance_raw AS HUGEINT) < 0`);
    expect(Number(ledger!.n)).toBe(0);
  });

  it('TRC1155: opening quantities + transfers never go below zero', async () => {
    const [neg] = await sql(`
      WITH m AS (
        SELECT contract_address AS c, token_id AS t, to_address AS h, block_number AS b, log_index AS l, batch_index AS k, CAST(amount_raw AS HUGEINT) AS d FROM raw_token_transfers WHERE token_standard = 'trc1155'
        UNION ALL SELECT contract_address, token_id, from_address, block_number, log_index, batch_index, -CAST(amount_raw AS HUGEINT) FROM raw_token_transfers WHERE token_standard = 'trc1155'
      ), o AS (SELECT contract_address AS c, token_id AS t, holder_address AS h, CAST(balance_raw AS HUGEINT) AS v FROM snap_trc1155_snapshots WHERE as_of_block = ${open})
      SELECT count(*) AS n, sum((run < 0)::INT) AS bad FROM (
        SELECT coalesce(o.v, 0) + sum(m.d) OVER (PARTITION BY m.c, m.t, m.h ORDER BY m.b, m.l, m.k, m.d ROWS UNBOUNDED PRECEDING) AS run
        FROM m LEFT JOIN o ON o.c = m.c AND o.t = m.t AND o.h = m.h WHERE m.h <> 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb')`);
    expect(Number(neg!.n)).toBeGreaterThan(100);
    expect(Number(neg!.bad)).toBe(0);
    const [ledger] = await sql(`SELECT count(*) AS n FROM read_parquet('${(await import('../helpers/lake.ts')).lakeDir()}/current/derived/trc1155_balances/*.parquet') WHERE CAST(balance_raw AS HUGEINT) < 0`);
    expect(Number(ledger!.n)).toBe(0);
  });
  it('AccountPermissionUpdate (46): the head shows the permissions of the account\'s last update; 100 TRX fee', async () => {
    const rows = await sql(`
      WITH u AS (
        SELECT owner_address AS a, arg_max(parameter_json, block_number * 100000 + tx_index) AS p FROM raw_transactions
        WHERE contract_type = 46 AND contract_ret = 'SUCCESS' GROUP BY 1
      )
      SELECT u.a, u.p, s.owner_permission_json AS o, s.active_permissions_json AS act
      FROM u LEFT JOIN snap_account_snapshots s ON s.address = u.a AND s.as_of_block = ${head}`);
    expect(rows.length).toBeGreaterThan(5);
    for (const r of rows) {
      const p = JSON.parse(String(r.p)) as { owner: unknown; actives: unknown };
      expect({ a: r.a, owner: JSON.parse(String(r.o)), actives: JSON.parse(String(r.act)) }).toEqual({ a: r.a, owner: p.owner, actives: p.actives });
    }
    const [fee] = await sql(`SELECT count(*) AS n, sum((fee < 100000000 OR to_address IS NOT NULL)::INT) AS bad FROM raw_transactions WHERE contract_type = 46`);
    expect(Number(fee!.bad)).toBe(0);
    // The derived permission history holds every update.
    const [d] = await sql(`SELECT count(*) AS n FROM read_parquet('${(await import('../helpers/lake.ts')).lakeDir()}/current/derived/permission_updates/*.parquet')`);
    expect(Number(d!.n)).toBe(Number(fee!.n));
  });

  it('CancelAllUnfreezeV2 (59): amount 0, some cancels return pending unstakes, nothing stays pending after the owner\'s last cancel', async () => {
    const [c] = await sql(`SELECT count(*) AS n, sum((amount <> 0)::INT) AS bad, sum((parameter_json IS NOT NULL)::INT) AS cancelled,
      sum((withdraw_amount > 0)::INT) AS withdrew FROM raw_transactions WHERE contract_type = 59`);
    expect(Number(c!.n)).toBeGreaterThan(3);
    expect(Number(c!.bad)).toBe(0);
    expect(Number(c!.cancelled)).toBeGreaterThan(0);
    expect(Number(c!.withdrew)).toBeGreaterThan(0);
    const [left] = await sql(`
      WITH last AS (SELECT owner_address AS a, arg_max(contract_type, block_number * 100000 + tx_index) AS ct
                    FROM raw_transactions WHERE contract_type IN (55, 56, 59) GROUP BY 1)
      SELECT count(*) AS n FROM last JOIN snap_account_snapshots s ON s.address = last.a AND s.as_of_block = ${head}
      WHERE last.ct = 59 AND s.unfrozen_v2_json <> '[]'`);
    expect(Number(left!.n)).toBe(0);
  });
});

describe('resource usage of a generated lake (issue 27, docs/generator.md "Resource usage")', () => {
  it('the head snapshot holds what the account\'s own transactions of the last 24 h leave, each recovered linearly; the opening holds none', async () => {
    const m = await testManifest();
    const headTs = BigInt(m.head.timestamp);
    const DAY = 86_400_000n;
    // Independent ledger: every transaction that used bandwidth or energy, with its signer's head bandwidth stake.
    const txs = await sql(`SELECT t.owner_address AS a, t."timestamp" AS ts, t.net_usage AS net, t.energy_usage AS energy,
        coalesce(s.frozen_v2_bandwidth + s.acquired_v2_bandwidth + s.frozen_v1_bandwidth + s.acquired_v1_bandwidth, 0) > 0 AS staked
      FROM raw_transactions t LEFT JOIN snap_account_snapshots s ON s.address = t.owner_address AND s.as_of_block = ${head}
      WHERE t.net_usage > 0 OR t.energy_usage > 0`);
    type Acc = { net: bigint; netT: bigint; free: bigint; freeT: bigint; energy: bigint; energyT: bigint };
    const want = new Map<string, Acc>();
    for (const t of txs) {
      const a = String(t.a);
      const x = want.get(a) ?? { net: 0n, netT: 0n, free: 0n, freeT: 0n, energy: 0n, energyT: 0n };
      const ts = n(t.ts);
      const left = headTs - ts >= DAY ? 0n : DAY - (headTs - ts);
      if (n(t.net) > 0n) {
        // Amounts × the ms left of their 24 h; divided once at the end.
        if (t.staked) { x.net += n(t.net) * left; if (ts > x.netT) x.netT = ts; } else { x.free += n(t.net) * left; if (ts > x.freeT) x.freeT = ts; }
      }
      if (n(t.energy) > 0n) { x.energy += n(t.energy) * left; if (ts > x.energyT) x.energyT = ts; }
      want.set(a, x);
    }
    const rows = await sql(`SELECT address, net_usage, latest_consume_time, net_window_size, free_net_usage, latest_consume_free_time, energy_usage,
        latest_consume_time_for_energy, energy_window_size FROM snap_account_snapshots WHERE as_of_block = ${head}`);
    let used = 0;
    for (const r of rows) {
      const w = want.get(String(r.address)) ?? { net: 0n, netT: 0n, free: 0n, freeT: 0n, energy: 0n, energyT: 0n };
      const got = { a: r.address, net: n(r.net_usage), netT: n(r.latest_consume_time), free: n(r.free_net_usage), freeT: n(r.latest_consume_free_time), energy: n(r.energy_usage), energyT: n(r.latest_consume_time_for_energy), windows: [r.net_window_size, r.energy_window_size] };
      expect(got).toEqual({ a: r.address, net: w.net / DAY, netT: w.netT, free: w.free / DAY, freeT: w.freeT, energy: w.energy / DAY, energyT: w.energyT, windows: [null, null] });
      if (got.net + got.free + got.energy > 0n) used++;
    }
    // Both bounds occur: accounts with usage left at the head, and accounts whose last consume is over 24 h old (0 left).
    expect(used).toBeGreaterThan(0);
    expect(rows.some((r) => n(r.latest_consume_free_time) > 0n && n(r.latest_consume_free_time) <= headTs - DAY && n(r.free_net_usage) === 0n)).toBe(true);
    const [o] = await sql(`SELECT count(*) AS rows, count(*) FILTER (WHERE net_usage = 0 AND free_net_usage = 0 AND energy_usage = 0 AND latest_consume_time = 0
        AND latest_consume_free_time = 0 AND latest_consume_time_for_energy = 0) AS zero FROM snap_account_snapshots WHERE as_of_block = ${open}`);
    expect(Number(o!.zero)).toBe(Number(o!.rows));
  });
});
