import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  parseWorkload,
  readWorkload,
  requestPath,
  serializeWorkload,
  WeightedSchedule,
  WorkloadError,
  WorkloadSchedule,
  type Workload,
} from '../../src/bench/workload.ts';
import { failedCheck, valueAt } from '../../src/bench/checks.ts';
import { scratchDir } from '../helpers/scratch.ts';

const FULL: Workload = {
  comments: ['drawn from somewhere', 'second line'],
  items: [
    { method: 'GET', path: '/api/block', weight: 1, label: 'GET /api/block' },
    {
      method: 'GET',
      path: '/api/transaction',
      query: { address: 'TXyz', limit: 20, confirm: ['0', '1'], count: true },
      headers: { 'CHAIN-PRO-API-KEY': 'k' },
      weight: 3,
      label: 'tx by address',
      expect: { status: [200, 503], has: ['data.0.hash'], equals: { 'data.length': 20, total: 5 }, minBytes: 10, maxBytes: 100000 },
    },
    { method: 'POST', path: '/api/echo', body: { a: [1, 'two', null], b: { c: false } }, weight: 2, label: 'POST /api/echo' },
  ],
};

function tmpFile(name: string, text: string): string {
  const dir = scratchDir('tronlake-workload-');
  const f = path.join(dir, name);
  writeFileSync(f, text);
  return f;
}

function failure(text: string): WorkloadError {
  try {
    parseWorkload(text, 'w.jsonl');
  } catch (e) {
    if (e instanceof WorkloadError) return e;
    throw e;
  }
  throw new Error('parsed a malformed workload');
}

describe('workload file', () => {
  it('round-trips: serialize then parse gives the same workload, and so does reading it back from a file', async () => {
    const text = serializeWorkload(FULL);
    expect(parseWorkload(text, 'w.jsonl')).toEqual(FULL);
    expect(await readWorkload(tmpFile('w.jsonl', text))).toEqual(FULL);
    expect(serializeWorkload(parseWorkload(text, 'w.jsonl'))).toBe(text);
  });

  it('applies the defaults (GET, weight 1, label from method and path without query) and skips blank and comment lines', () => {
    const w = parseWorkload('# c\n\n{"path":"/api/block?limit=5"}\n  # later comment\n{"path":"/x","method":"POST","weight":4}\n', 'w.jsonl');
    expect(w.comments).toEqual(['c']);
    expect(w.items).toEqual([
      { method: 'GET', path: '/api/block?limit=5', weight: 1, label: 'GET /api/block' },
      { method: 'POST', path: '/x', weight: 4, label: 'POST /x' },
    ]);
  });

  it('reads a bare path as a GET of that URL (a list of URLs is a workload), checked like a path field', () => {
    const w = parseWorkload('# urls\n/api/block?limit=5\n/api/transfer\n', 'urls.txt');
    expect(w.items).toEqual([
      { method: 'GET', path: '/api/block?limit=5', weight: 1, label: 'GET /api/block' },
      { method: 'GET', path: '/api/transfer', weight: 1, label: 'GET /api/transfer' },
    ]);
    expect(parseWorkload(serializeWorkload(w), 'again.jsonl')).toEqual(w);
    expect(failure('/a\n//evil.example/x\n').message).toMatch(/^w\.jsonl:2: field "path": must be a path on the target/);
  });

  it('names file, line and field of a malformed line', () => {
    expect(failure('{"path":"/a"}\n\n{"path": /b}\n').message).toMatch(/^w\.jsonl:3: not valid JSON/);
    const missing = failure('{"path":"/a"}\n{"method":"GET"}\n');
    expect([missing.line, missing.field]).toEqual([2, 'path']);
    expect(missing.message).toMatch(/^w\.jsonl:2: field "path"/);
    const typo = failure('{"path":"/a","wieght":2}');
    expect([typo.line, typo.field]).toEqual([1, 'wieght']);
    expect(typo.message).toContain('unknown field');
    expect(failure('{"path":"/a","weight":0}').field).toBe('weight');
    expect(failure('{"path":"/a","weight":1.5}').field).toBe('weight');
    expect(failure('{"path":"/a","method":"FETCH"}').field).toBe('method');
    expect(failure('{"path":"/a","expect":{"status":"ok"}}').field).toBe('expect.status');
    expect(failure('{"path":"/a","expect":{"statuz":200}}').field).toBe('expect.statuz');
    expect(failure('{"path":"/a","query":{"x":{"y":1}}}').field).toMatch(/^query\.x/);
    expect(failure('[1,2]').message).toMatch(/^w\.jsonl:1: each line must be one JSON object/);
    expect(failure('# only a comment\n').message).toMatch(/no requests/);
  });

  it('refuses a host in a path: traffic goes only where --url points', () => {
    for (const p of ['http://elsewhere.example/api', '//elsewhere.example/api', 'api/block', '/a b']) {
      expect(failure(JSON.stringify({ path: p })).field).toBe('path');
    }
  });

  it('an unreadable file is an error naming it', async () => {
    const missing = path.join(os.tmpdir(), 'tronlake-no-such-dir', 'w.jsonl');
    await expect(readWorkload(missing)).rejects.toThrow(`${missing}: cannot read the workload file (ENOENT)`);
  });

  it('builds the request target under a base path, query values repeated for lists', () => {
    expect(requestPath({ path: '/api/block' }, '')).toBe('/api/block');
    expect(requestPath({ path: '/api/transaction', query: { address: 'T a&b', confirm: ['0', '1'], limit: 5 } }, '/base/')).toBe(
      '/base/api/transaction?address=T+a%26b&confirm=0&confirm=1&limit=5',
    );
    expect(requestPath({ path: '/x?y=1', query: { z: 2 } }, '')).toBe('/x?y=1&z=2');
  });
});

describe('schedule', () => {
  it('sends items in proportion to their weights from the first request on', () => {
    const s = new WeightedSchedule([3, 1]);
    expect(Array.from({ length: 8 }, () => s.next())).toEqual([0, 0, 0, 1, 0, 0, 0, 1]);
    const w = [5, 2, 7, 1];
    const t = new WeightedSchedule(w);
    const counts = [0, 0, 0, 0];
    for (let n = 1; n <= 1000; n++) {
      counts[t.next()]!++;
      counts.forEach((c, i) => expect(Math.abs(c - (n * w[i]!) / 15)).toBeLessThanOrEqual(1));
    }
  });

  it('gives each label its share even when it has many light items', () => {
    const items = [{ label: 'one', weight: 50 }, ...Array.from({ length: 50 }, () => ({ label: 'many', weight: 1 }))];
    const s = new WorkloadSchedule(items);
    const first = Array.from({ length: 10 }, () => items[s.next()]!.label);
    expect(first.filter((l) => l === 'one')).toHaveLength(5);
    // Within the label, every light item comes round before any repeats.
    const seen = new Set<number>();
    for (let i = 0; i < 200; i++) {
      const k = s.next();
      if (k > 0) seen.add(k);
    }
    expect(seen.size).toBe(50);
  });
});

describe('checks', () => {
  it('reads dotted JSON paths with indexes and length', () => {
    const doc = { data: [{ hash: 'ab', n: 0 }], total: 3, s: 'xyz' };
    expect(valueAt(doc, 'data.0.hash')).toBe('ab');
    expect(valueAt(doc, 'data.0.n')).toBe(0);
    expect(valueAt(doc, 'data.length')).toBe(1);
    expect(valueAt(doc, 's.length')).toBe(3);
    expect(valueAt(doc, 'data.1.hash')).toBeUndefined();
    expect(valueAt(doc, 'total.x')).toBeUndefined();
    expect(valueAt(doc, 'constructor')).toBeUndefined();
  });

  it('reports the first failed check', () => {
    const body = JSON.stringify({ data: [{ hash: 'ab' }], total: 1 });
    const n = Buffer.byteLength(body);
    expect(failedCheck(undefined, 500, body, n)).toBeUndefined();
    expect(failedCheck({ status: 200 }, 200, body, n)).toBeUndefined();
    expect(failedCheck({ status: 200 }, 503, body, n)).toBe('status 503, expected 200');
    expect(failedCheck({ status: [200, 503] }, 503, body, n)).toBeUndefined();
    expect(failedCheck({ has: ['data.0.hash'], equals: { total: 1, 'data.length': 1 } }, 200, body, n)).toBeUndefined();
    expect(failedCheck({ has: ['data.0.block'] }, 200, body, n)).toBe('no "data.0.block" in the body');
    expect(failedCheck({ equals: { total: 2 } }, 200, body, n)).toBe('"total" is 1, expected 2');
    expect(failedCheck({ has: ['x'] }, 200, 'not json', 8)).toBe('body is not JSON');
    expect(failedCheck({ maxBytes: 10 }, 200, body, n)).toBe(`body ${n} bytes, expected at most 10`);
    expect(failedCheck({ minBytes: 1000 }, 200, body, n)).toBe(`body ${n} bytes, expected at least 1000`);
  });
});
