/**
 * Accounts the generator creates inside the window (issue 27 point 8, docs/generator.md "New accounts"),
 * checked with plain SQL over the published Parquet files of the tiny lake: every day creates accounts; an account
 * created in the window is created by its first transaction (AccountCreate, a TRX / TRC10 transfer to it, or its
 * contract's deployment), whose time is its snapshot's creation time; before it the account is in no snapshot and
 * takes part in nothing; it never sends; the transfers that create an account pay the creation fee, the others not.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { generate } from '../../datasets/generate/index.ts';
import { Db, type Row } from '../../src/duckdb/duck.ts';
import { createInputViews } from '../helpers/input-views.ts';
import { TEST_SEED } from '../global-setup.ts';
import { budget } from '../helpers/budget.ts';

let root: string;
let db: Db;
const q = (s: string): Promise<Row[]> => db.all(s);
const one = async (s: string): Promise<Row> => (await db.all(s))[0]!;
const num = (v: unknown): number => Number(v);

beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'tronlake-gen-accounts-'));
  const shared = inject('lakeDir');
  let lake = shared;
  if (!shared || !existsSync(path.join(shared, 'manifest.json'))) {
    lake = path.join(root, 'a');
    await generate({ profile: 'tiny', seed: TEST_SEED, out: lake });
  }
  db = await Db.open({ threads: 2 });
  const manifest = await createInputViews(db, lake);
  for (const name of ['trc20_snapshots', 'trc1155_snapshots', 'resource_delegations']) {
    if (!manifest.tables[name]?.rows) throw new Error(`the tiny lake has no ${name}`);
  }
  // The window, the opening (the snapshot before the first block) and the head; the accounts as of the head.
  await db.run(`CREATE TABLE w AS SELECT min(block_number) AS first_block, max(block_number) AS head, min("timestamp") AS first_ts,
                  max("timestamp") AS last_ts FROM blocks`);
  await db.run(`CREATE TABLE acct AS SELECT address, create_time, balance FROM account_snapshots WHERE as_of_block = (SELECT head FROM w)`);
  await db.run(`CREATE TABLE opening AS SELECT address, create_time FROM account_snapshots WHERE as_of_block = (SELECT first_block - 1 FROM w)`);
  await db.run(`CREATE TABLE born AS SELECT address, create_time FROM acct WHERE create_time >= (SELECT first_ts FROM w)`);
  // Every place an address takes part in, with its position (block, transaction index).
  await db.run(`CREATE TABLE part AS
    WITH pos AS (SELECT tx_hash, block_number, tx_index FROM transactions)
    SELECT owner_address AS address, block_number, tx_index, 'owner' AS role FROM transactions
    UNION ALL SELECT to_address, block_number, tx_index, 'to' FROM transactions WHERE to_address IS NOT NULL
    UNION ALL SELECT contract_address, block_number, tx_index, 'contract' FROM transactions WHERE contract_address IS NOT NULL
    UNION ALL SELECT t.from_address, p.block_number, p.tx_index, 'token from' FROM token_transfers t JOIN pos p USING (tx_hash)
    UNION ALL SELECT t.to_address, p.block_number, p.tx_index, 'token to' FROM token_transfers t JOIN pos p USING (tx_hash)
    UNION ALL SELECT t.owner_address, p.block_number, p.tx_index, 'approval owner' FROM token_approvals t JOIN pos p USING (tx_hash)
    UNION ALL SELECT t.spender_address, p.block_number, p.tx_index, 'approval spender' FROM token_approvals t JOIN pos p USING (tx_hash)
    UNION ALL SELECT i.caller_address, p.block_number, p.tx_index, 'internal caller' FROM internal_transactions i JOIN pos p USING (tx_hash)
    UNION ALL SELECT i.to_address, p.block_number, p.tx_index, 'internal to' FROM internal_transactions i JOIN pos p USING (tx_hash)`);
  // The transaction creating each account the window creates: AccountCreate (0) and TRX / TRC10 transfers (1, 2) to it,
  // a CreateSmartContract (30) deploying it; the first such of the address.
  await db.run(`CREATE TABLE creator AS
    SELECT address, arg_min(contract_type, block_number * 100000 + tx_index) AS contract_type,
           min(block_number * 100000 + tx_index) AS at, arg_min("timestamp", block_number * 100000 + tx_index) AS ts
    FROM (SELECT to_address AS address, contract_type, block_number, tx_index, "timestamp" FROM transactions
          WHERE contract_type IN (0, 1, 2) AND contract_ret = 'SUCCESS'
          UNION ALL SELECT contract_address, contract_type, block_number, tx_index, "timestamp" FROM transactions
          WHERE contract_type = 30 AND contract_ret = 'SUCCESS')
    WHERE address IN (SELECT address FROM born) GROUP BY address`);
}, budget(200));

afterAll(() => {
  db?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

describe('generator: accounts created inside the window', () => {
  it('every day of the window creates accounts, a few per cent of the day\'s active addresses', async () => {
    const days = await q(`
      WITH d AS (SELECT DISTINCT strftime(epoch_ms("timestamp"), '%Y-%m-%d') AS day FROM blocks),
      n AS (SELECT strftime(epoch_ms(create_time), '%Y-%m-%d') AS day, count(*) AS n FROM born GROUP BY 1),
      a AS (SELECT strftime(epoch_ms("timestamp"), '%Y-%m-%d') AS day, count(DISTINCT x) AS active
            FROM (SELECT "timestamp", owner_address AS x FROM transactions UNION ALL SELECT "timestamp", to_address FROM transactions WHERE to_address IS NOT NULL)
            GROUP BY 1)
      SELECT d.day, coalesce(n.n, 0) AS n, a.active FROM d LEFT JOIN n USING (day) LEFT JOIN a USING (day) ORDER BY 1`);
    expect(days.length).toBe(36);
    for (const d of days) {
      expect(num(d.n), String(d.day)).toBeGreaterThan(0);
      expect(num(d.n) / num(d.active), String(d.day)).toBeLessThan(0.2);
    }
    // the born accounts are a real share of the lake's accounts, not a handful
    const { born, all } = await one('SELECT (SELECT count(*) FROM born) AS born, (SELECT count(*) FROM acct) AS "all"');
    expect(num(born)).toBeGreaterThan(num(all) * 0.2);
  });

  it('the opening state holds only accounts created before the first block', async () => {
    const r = await one(`SELECT count(*) AS n, count(*) FILTER (WHERE create_time >= (SELECT first_ts FROM w)) AS late FROM opening`);
    expect(num(r.n)).toBeGreaterThan(0);
    expect(num(r.late)).toBe(0);
    // every head account that is not new was in the opening snapshot, with the same creation time
    const missing = await one(`SELECT count(*) AS n FROM acct a LEFT JOIN opening o USING (address)
      WHERE a.create_time < (SELECT first_ts FROM w) AND (o.address IS NULL OR o.create_time <> a.create_time)`);
    expect(num(missing.n)).toBe(0);
  });

  it('an account created in the window is created by its first transaction, at its snapshot\'s creation time', async () => {
    const r = await one(`SELECT count(*) AS born, count(c.address) AS created,
        count(*) FILTER (WHERE c.ts = b.create_time) AS on_time,
        count(*) FILTER (WHERE c.contract_type = 0) AS by_create, count(*) FILTER (WHERE c.contract_type IN (1, 2)) AS by_transfer,
        count(*) FILTER (WHERE c.contract_type = 30) AS by_contract
      FROM born b LEFT JOIN creator c USING (address)`);
    expect(num(r.born)).toBeGreaterThan(0);
    expect(num(r.created)).toBe(num(r.born));
    expect(num(r.on_time)).toBe(num(r.born));
    for (const k of ['by_create', 'by_transfer', 'by_contract']) expect(num(r[k]), k).toBeGreaterThan(0);
    // nothing touches it before that transaction, in any role
    const early = await q(`SELECT p.role, count(*) AS n FROM part p JOIN creator c USING (address)
      WHERE p.block_number * 100000 + p.tx_index < c.at GROUP BY 1`);
    expect(early).toEqual([]);
  });

  it('a new account never signs a transaction and is in no snapshot before its creation', async () => {
    const signed = await one('SELECT count(*) AS n FROM transactions WHERE owner_address IN (SELECT address FROM born)');
    expect(num(signed.n)).toBe(0);
    const before = await one(`SELECT
        (SELECT count(*) FROM opening WHERE address IN (SELECT address FROM born)) AS account,
        (SELECT count(*) FROM trc20_snapshots WHERE holder_address IN (SELECT address FROM born)) AS trc20,
        (SELECT count(*) FROM trc1155_snapshots WHERE holder_address IN (SELECT address FROM born)) AS trc1155,
        (SELECT count(*) FROM resource_delegations WHERE as_of_block < (SELECT head FROM w)
           AND (from_address IN (SELECT address FROM born) OR to_address IN (SELECT address FROM born))) AS delegations`);
    expect(Object.values(before).map(num)).toEqual([0, 0, 0, 0]);
  });

  it('an AccountCreate creates an address that did not exist before it', async () => {
    const r = await one(`SELECT count(*) AS n, count(b.address) AS new_ones, count(*) FILTER (WHERE b.create_time = t."timestamp") AS at_it,
        count(o.address) AS pre_existing
      FROM transactions t LEFT JOIN born b ON b.address = t.to_address LEFT JOIN opening o ON o.address = t.to_address
      WHERE t.contract_type = 0`);
    expect(num(r.n)).toBeGreaterThan(0);
    expect(num(r.new_ones)).toBe(num(r.n));
    expect(num(r.at_it)).toBe(num(r.n));
    expect(num(r.pre_existing)).toBe(0);
    const twice = await one('SELECT count(*) - count(DISTINCT to_address) AS n FROM transactions WHERE contract_type = 0');
    expect(num(twice.n)).toBe(0);
  });

  it('a transfer that creates its receiver pays the 1 TRX creation fee and 0.1 TRX of bandwidth when not staked; other transfers do not', async () => {
    const rows = await q(`
      SELECT (c.address IS NOT NULL) AS creating, count(*) AS n,
             count(*) FILTER (WHERE t.fee - t.net_fee - CASE WHEN t.memo <> '' THEN 1000000 ELSE 0 END
                                    = CASE WHEN c.address IS NOT NULL THEN 1000000 ELSE 0 END) AS fee_ok,
             count(*) FILTER (WHERE c.address IS NULL OR t.net_fee IN (0, 100000)) AS bandwidth_ok
      FROM transactions t LEFT JOIN creator c ON c.address = t.to_address AND c.at = t.block_number * 100000 + t.tx_index
      WHERE t.contract_type IN (1, 2) GROUP BY 1 ORDER BY 1`);
    expect(rows.length).toBe(2);
    for (const r of rows) {
      expect(num(r.fee_ok), `creating=${r.creating}`).toBe(num(r.n));
      expect(num(r.bandwidth_ok), `creating=${r.creating}`).toBe(num(r.n));
    }
  });

  it('a new account holds at the head exactly the TRX it received (it never spends)', async () => {
    const r = await q(`
      WITH got AS (
        SELECT to_address AS address, sum(amount) AS v FROM transactions
        WHERE contract_type = 1 AND contract_ret = 'SUCCESS' GROUP BY 1
        UNION ALL SELECT to_address, sum(call_value) FROM internal_transactions WHERE token_id = '_' AND NOT rejected GROUP BY 1
        UNION ALL SELECT coalesce(contract_address, to_address), sum(amount) FROM transactions
        WHERE contract_type IN (30, 31) AND amount > 0 AND contract_ret = 'SUCCESS' AND token_id IS NULL GROUP BY 1)
      SELECT b.address, a.balance, coalesce((SELECT sum(v) FROM got g WHERE g.address = b.address), 0) AS received
      FROM born b JOIN acct a USING (address) WHERE a.balance <> coalesce((SELECT sum(v) FROM got g WHERE g.address = b.address), 0)
      LIMIT 5`);
    expect(r).toEqual([]);
  });
});
