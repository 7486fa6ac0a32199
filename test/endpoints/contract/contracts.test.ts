/**
 * /api/contracts against plain SQL over the contracts dimension, the raw transactions and the account snapshots
 * (contract-detail-expected.ts), independently of contract_list and the endpoint's templates: every sort both ways,
 * each filter alone, both bounds of the creation range alone, the paging defaults and limits, the envelope's counts and
 * the head day's call ranking from the raw calls.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { get, sql, testManifest } from '../../helpers/lake.ts';
import type { Row } from '../../../src/duckdb/duck.ts';
import { expectedContracts, sortedBy } from './contract-detail-expected.ts';

let all: Row[] = [];
const addr = (rows: Row[]): string[] => rows.map((r) => String(r.address));
const page = async (q: string) => {
  const r = await get(`/api/contracts?${q}`);
  expect(r.status, `${q}: ${r.text}`).toBe(200);
  return r.body;
};

beforeAll(async () => {
  all = await expectedContracts();
  expect(all.length).toBeGreaterThan(0);
});

describe('GET /api/contracts', () => {
  it('defaults: the first 10 by transactions received, largest first; rows as the raw facts say', async () => {
    const body = await page('');
    const want = sortedBy(all, 'trx_count', true).slice(0, 10);
    expect(addr(body.data)).toEqual(addr(want));
    expect(body.rangeTotal).toBe(all.length);
    expect(body.total).toBe(Math.min(all.length, 10_000));
    for (const [i, w] of want.entries()) {
      const g = body.data[i];
      expect([g.name, g.balance, g.trxCount, g.date_created, g.tag1, g.verify_status, g.license, g.verify_time], String(w.address)).toEqual([
        String(w.name), Number(w.balance), Number(w.trx_count), Number(w.created_ts), String(w.tag), 0, '', 0,
      ]);
      expect('trc20token' in g).toBe(w.is_token === true);
    }
  });

  it('every sort either way, ties by address', async () => {
    for (const [sort, key] of [['trxCount', 'trx_count'], ['balance', 'balance'], ['timestamp', 'created_ts']] as const) {
      for (const desc of [true, false]) {
        const body = await page(`sort=${desc ? '-' : ''}${sort}&limit=50`);
        expect(addr(body.data), `${desc ? '-' : ''}${sort}`).toEqual(addr(sortedBy(all, key, desc).slice(0, 50)));
      }
    }
  });

  it("trc20token of a token contract: the tokens dimension's metadata and its holders", async () => {
    const token = sortedBy(all.filter((r) => r.is_token === true), 'trx_count', true)[0];
    if (!token) return;
    const body = await page(`search=${token.address}`);
    expect(body.data).toHaveLength(1);
    const t = body.data[0].trc20token;
    const [k] = await sql(`SELECT * FROM dim_tokens WHERE token_id = '${token.address}' AND token_standard <> 'trc10'`);
    expect([t.symbol, t.name, t.total_supply, t.decimals, t.issuer_addr, t.contract_address, t.token_type, t.level]).toEqual([
      k!.symbol, k!.name, k!.total_supply_raw, String(k!.decimals), k!.issuer_address, token.address, k!.token_standard, String(k!.level),
    ]);
    expect(t.issue_time).toBe(new Date(Number(k!.created_ts)).toISOString().slice(0, 19).replace('T', ' '));
  });

  it('search by address or a part of the name; owner; each creation bound alone', async () => {
    const top = sortedBy(all, 'trx_count', true);
    const one = top[0]!;
    expect(addr((await page(`search=${one.address}`)).data)).toEqual([String(one.address)]);
    const named = all.find((r) => String(r.name).length >= 4)!;
    const part = String(named.name).slice(1, 4).toUpperCase();
    const byName = top.filter((r) => String(r.name).toLowerCase().includes(part.toLowerCase()));
    const got = await page(`search=${encodeURIComponent(part)}&limit=50`);
    expect(addr(got.data)).toEqual(addr(byName.slice(0, 50)));
    expect(got.rangeTotal).toBe(byName.length);
    // A lake whose contracts name no deployer (the ingested one) is asked for a deployer of none: an empty page.
    const owner = String(all.find((r) => r.creator_address)?.creator_address ?? 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb');
    const owned = top.filter((r) => r.creator_address === owner);
    const gotOwned = await page(`owner=${owner}&limit=50`);
    expect(addr(gotOwned.data)).toEqual(addr(owned.slice(0, 50)));
    expect(gotOwned.rangeTotal).toBe(owned.length);
    const times = [...new Set(all.map((r) => Number(r.created_ts)))].sort((a, b) => a - b);
    const mid = times[Math.floor(times.length / 2)]!;
    const after = top.filter((r) => Number(r.created_ts) >= mid);
    const before = top.filter((r) => Number(r.created_ts) <= mid);
    expect((await page(`start_timestamp=${mid}&limit=50`)).rangeTotal).toBe(after.length);
    expect(addr((await page(`start_timestamp=${mid}&limit=50`)).data)).toEqual(addr(after.slice(0, 50)));
    expect((await page(`end_timestamp=${mid}&limit=50`)).rangeTotal).toBe(before.length);
    expect(addr((await page(`end_timestamp=${mid}&limit=50`)).data)).toEqual(addr(before.slice(0, 50)));
  });

  it('verified-only and open-source-only match nothing (the lake holds no verification); false filters nothing', async () => {
    for (const f of ['verified-only', 'open-source-only']) {
      const on = await page(`${f}=true`);
      expect([on.data, on.rangeTotal, on.total]).toEqual([[], 0, 0]);
      expect((await page(`${f}=false`)).rangeTotal).toBe(all.length);
    }
  });

  it('paging: limit 50 at most (larger clamped), start with it, start + limit at most 10000', async () => {
    const top = sortedBy(all, 'trx_count', true);
    expect(addr((await page('limit=60')).data)).toEqual(addr(top.slice(0, 50)));
    expect(addr((await page('start=2&limit=3')).data)).toEqual(addr(top.slice(2, 5)));
    expect((await page('limit=0')).data).toEqual([]);
    expect((await page('start=9990&limit=10')).data).toEqual([]);
    const r = await get('/api/contracts?start=10000');
    expect([r.status, r.body.param]).toEqual([400, 'start']);
  });

  it('envelope: contract counts, and the head day calls with the seven contracts called most', async () => {
    const m = await testManifest();
    const body = await page('limit=1');
    const day = new Date(m.head.timestamp).toISOString().slice(0, 10);
    expect(body.contractCount).toBe(all.length);
    expect(body.contractCount24h).toBe(all.filter((r) => Number(r.created_ts) > m.head.timestamp - 86_400_000).length);
    expect([body.verifyContractCount, body.verifyContractCount24h, body.updateTime, body.code, body.status]).toEqual([0, 0, m.head.timestamp, 200, { code: 0, message: 'SUCCESS' }]);
    const calls = await sql(`
      SELECT contract_address AS a, count(*) AS n, count(DISTINCT owner_address) AS callers FROM raw_transactions
      WHERE contract_type = 31 AND contract_address IS NOT NULL AND "date" = '${day}' GROUP BY 1 ORDER BY n DESC, callers DESC, a`);
    const total = calls.reduce((s, c) => s + Number(c.n), 0);
    expect(body.totalTrigger).toBe(total);
    expect(body.triggerTop7.map((t: Row) => [t.contract, t.triggers, t.percentage])).toEqual(
      calls.slice(0, 7).map((c) => [c.a, Number(c.n), Math.round((Number(c.n) / total) * 1e4) / 1e4]),
    );
  });

  it('bad input is a 400 naming the parameter', async () => {
    for (const [q, param] of [
      ['owner=0xdead', 'owner'],
      ['verified-only=maybe', 'verified-only'],
      ['open-source-only=2', 'open-source-only'],
      ['start=-1', 'start'],
      ['limit=abc', 'limit'],
      ['start_timestamp=abc', 'start_timestamp'],
      ['end_timestamp=-1', 'end_timestamp'],
    ] as const) {
      const r = await get(`/api/contracts?${q}`);
      expect(r.status, q).toBe(400);
      expect(r.body.param, q).toBe(param);
    }
  });
});
