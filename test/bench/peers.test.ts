/**
 * The peer benchmark (bench/peers, issue 32) without PostgreSQL: the request parser and SQL builders (pure), and the
 * DuckDB-by-hand peer on the test lake, whose rows must be our endpoint's rows for every request of the set (the
 * benchmark's "same rows" claim) and, where the SQL is short, plain SQL's over the raw Parquet.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { BadRequest, dayWindow, duckStatement, parseRequest, pgStatement, type PeerRequest } from '../../bench/peers/queries.ts';
import { ourIds, peerIds, peerItems, samplePeers } from '../../bench/peers/requests.ts';
import { duckdbPeer, peerApp, type Peer } from '../../bench/peers/server.ts';
import { answeredLatency, peerLatency } from '../../bench/peers/verdict.ts';
import type { LabelStats } from '../../src/bench/stats.ts';
import { versionDir } from '../../src/lake/manifest.ts';
import { get, lakeDir, sql, testManifest } from '../helpers/lake.ts';

const A = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const H = 'ab'.repeat(32);
const q = (s: string) => new URLSearchParams(s);

describe('requests of the peer set (pure)', () => {
  it('maps each of our paths and parameters to its request, defaults included', () => {
    expect(parseRequest('/api/block', q(''))).toEqual({ kind: 'latestBlocks', limit: 20 });
    expect(parseRequest('/api/block', q('limit=1'))).toEqual({ kind: 'latestBlocks', limit: 1 });
    expect(parseRequest('/api/block', q('limit=50'))).toEqual({ kind: 'latestBlocks', limit: 50 });
    expect(parseRequest('/api/block', q('number=0'))).toEqual({ kind: 'block', number: 0 });
    expect(parseRequest('/api/transaction', q(`address=${A}`))).toEqual({ kind: 'addressTransactions', address: A, limit: 20 });
    expect(parseRequest('/api/token_trc20/transfers', q(`relatedAddress=${A}&limit=5`))).toEqual({ kind: 'addressTrc20', address: A, limit: 5 });
    expect(parseRequest('/api/token_trc20/transfers', q(`contract_address=${A}&start_timestamp=0&end_timestamp=9`)))
      .toEqual({ kind: 'tokenWindow', contract: A, start: 0, end: 9, limit: 20 });
    expect(parseRequest('/api/transaction-info', q(`hash=${H}`))).toEqual({ kind: 'transaction', hash: H });
    expect(parseRequest('/api/overview/dailytransactionnum', q(''))).toEqual({ kind: 'dailyCounts', days: 15 });
    expect(parseRequest('/api/token_trc20/holders', q(`contract_address=${A}`))).toEqual({ kind: 'tokenHolders', contract: A, limit: 20 });
    expect(parseRequest('/api/stableCoin/holder/top', q(''))).toEqual({ kind: 'stableTop' });
  });

  it('refuses what it cannot take, naming the parameter', () => {
    const bad = (p: string, s: string, name: string) => expect(() => parseRequest(p, q(s))).toThrow(new RegExp(`^${name}`));
    bad('/api/block', 'limit=0', 'limit');
    bad('/api/block', 'limit=51', 'limit');
    bad('/api/block', 'number=-1', 'number');
    bad('/api/transaction', 'address=x', 'address');
    bad('/api/transaction', `address=${A}'--`, 'address');
    bad('/api/transaction-info', 'hash=AB', 'hash');
    bad('/api/token_trc20/transfers', `contract_address=${A}&start_timestamp=1`, 'end_timestamp');
    bad('/api/overview/dailytransactionnum', 'days=2001', 'days');
    expect(() => parseRequest('/api/nope', q(''))).toThrow(BadRequest);
  });

  it('binds every value: no address, hash or number of a request is in the statement text', () => {
    const reqs: PeerRequest[] = [
      { kind: 'block', number: 123456789 },
      { kind: 'addressTransactions', address: A, limit: 17 },
      { kind: 'addressTrc20', address: 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf', limit: 17 },
      { kind: 'transaction', hash: H },
      { kind: 'tokenWindow', contract: 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf', start: 111111, end: 222222, limit: 17 },
      { kind: 'tokenHolders', contract: 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf', limit: 17 },
    ];
    for (const r of reqs) {
      for (const s of [pgStatement(r, 0), duckStatement(r, 0, '/lake/v1')]) {
        for (const [k, v] of Object.entries(r)) {
          if (k === 'kind') continue;
          expect(s.sql).not.toContain(String(v));
          expect(s.params).toContain(v);
        }
      }
    }
  });

  it('counts the days of a series like our endpoints: the last `days` UTC days ending on the head\'s', () => {
    const head = Date.UTC(2026, 9, 31, 13, 5);
    expect(dayWindow(head, 1)).toEqual({ from: '2026-10-31', to: '2026-10-31' });
    expect(dayWindow(head, 90)).toEqual({ from: '2026-08-03', to: '2026-10-31' });
    expect(dayWindow(Date.UTC(2026, 9, 31), 2)).toEqual({ from: '2026-10-30', to: '2026-10-31' });
  });
});

describe('the latencies the report compares (pure)', () => {
  const label = (sent: number, latencies: number[]): LabelStats => {
    const sorted = [...latencies].sort((x, y) => x - y);
    const at = (p: number) => sorted[Math.max(0, Math.ceil((p * sorted.length) / 100) - 1)] ?? 0;
    return {
      requests: latencies.length, sent, seconds: 6, rps: latencies.length / 6, statuses: latencies.length ? { 200: latencies.length } : {}, byStatus: {},
      latency: { count: latencies.length, p50: at(50), p90: at(90), p99: at(99), max: sorted.at(-1) ?? 0, mean: 0 },
    } as LabelStats;
  };

  it('takes a peer\'s measured p50 and p99 when it answered, whatever the window', () => {
    expect(peerLatency(label(4, [400, 420, 2688]), 2, 0)).toMatchObject({ p50: 420, p99: 2688 });
    expect(peerLatency(label(4, [400, 420, 2688]), 2, 0)?.beyond).toBeUndefined();
  });

  it('bounds a peer that answered none of the requests sent in its 2 s windows at 2,000 ms, never 0', () => {
    expect(peerLatency(label(3, []), 2, 0)).toEqual({ p50: 2000, p99: 2000, beyond: 3 });
    expect(peerLatency(label(3, []), 5, 0)).toEqual({ p50: 5000, p99: 5000, beyond: 3 });
  });

  it('proves nothing from a counted phase, a label never sent, or a target with connection errors', () => {
    expect(peerLatency(label(3, []), undefined, 0)).toBeUndefined();
    expect(peerLatency(label(0, []), 2, 0)).toBeUndefined();
    expect(peerLatency(label(3, []), 2, 1)).toBeUndefined();
    expect(peerLatency(undefined, 2, 0)).toBeUndefined();
  });

  it('counts our own side only when it answered', () => {
    expect(answeredLatency(label(3, []))).toBeUndefined();
    expect(answeredLatency(label(2, [0.4, 0.5]))).toMatchObject({ p50: 0.4, p99: 0.5 });
  });
});

describe('the DuckDB-by-hand peer on the test lake', () => {
  let peer: Peer;
  let app: FastifyInstance;
  beforeAll(async () => {
    peer = await duckdbPeer(lakeDir(), 1);
    app = peerApp(peer);
  });
  afterAll(async () => {
    await app.close();
    await peer.close();
  });
  const ask = async (url: string) => {
    const r = await app.inject({ url });
    expect(r.statusCode, url).toBe(200);
    return r.json() as Record<string, unknown>;
  };

  it('answers a request of another kind with a 400 naming the parameter, never a 500', async () => {
    const r = await app.inject({ url: '/api/transaction?address=nope' });
    expect(r.statusCode).toBe(400);
    expect(r.json().error).toMatch(/^address/);
  });

  it('returns our endpoint\'s rows, same ids in the same order, for every request of the set', async () => {
    const s = await samplePeers(versionDir(lakeDir(), await testManifest()));
    const all = peerItems(s);
    expect(new Set(all.map((i) => i.label)).size).toBe(9);
    // Two requests of each label keep the file short; the benchmark itself checks every request on its lake.
    const items = all.filter((it, i) => all.findIndex((x) => x.label === it.label) >= i - 1);
    let compared = 0;
    for (const it of items) {
      const url = `${it.path}?${new URLSearchParams(it.query).toString()}`;
      const ours = await get(url);
      expect(ours.status, url).toBe(200);
      const expected = ourIds(it.path, it.query, ours.body);
      expect(peerIds(it.path, await ask(url)), url).toEqual(expected);
      if (expected.length > 0) compared++;
    }
    // Most requests have rows on the test lake (an empty list equal to an empty list proves little).
    expect(compared).toBeGreaterThan(items.length * 0.8);
  });

  it('agrees with plain SQL over the raw Parquet on blocks, a hash and the daily counts', async () => {
    const top = await sql('SELECT block_number FROM raw_blocks ORDER BY block_number DESC LIMIT 5');
    expect(peerIds('/api/block', await ask('/api/block?limit=5'))).toEqual(top.map((r) => String(r.block_number)));
    const [b] = await sql('SELECT min(block_number) AS b FROM raw_blocks');
    expect(peerIds('/api/block', await ask(`/api/block?number=${b!.b}`))).toEqual([String(b!.b)]);
    const [t] = await sql('SELECT max(tx_hash) AS h FROM raw_transactions');
    expect(peerIds('/api/transaction-info', await ask(`/api/transaction-info?hash=${t!.h}`))).toEqual([String(t!.h)]);
    const days = await sql(`SELECT CAST("date" AS VARCHAR) AS d, count(*) AS n FROM raw_transactions GROUP BY 1 ORDER BY 1 DESC LIMIT 3`);
    const [last] = await sql(`SELECT CAST(max("date") AS VARCHAR) AS d FROM raw_blocks`);
    expect(days[0]!.d).toBe(last!.d);
    expect(peerIds('/api/overview/dailytransactionnum', await ask('/api/overview/dailytransactionnum?days=3')))
      .toEqual(days.reverse().map((r) => `${r.d}:${r.n}`));
  });
});
