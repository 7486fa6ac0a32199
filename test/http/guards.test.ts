/**
 * Guards of the serving path over the generated tiny lake: API keys in either header, a CSV export whose reader
 * stalls (dropped, its export slot and connection released; the operator's export limit, not the query timeout,
 * covers the whole export; queries are answered beside it), admission control
 * (503 OVERLOADED + Retry-After past the configured depth, /health still answered), and the default host.
 */
import net from 'node:net';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { buildApp, type TronlakeApp } from '../../src/http/app.ts';
import { defineEndpoint, type AnyEndpoint } from '../../src/endpoints/kit/endpoint.ts';
import { endpoints } from '../../src/endpoints/index.ts';
import { serveConfig } from '../../src/config.ts';
import { lakeDir, sql } from '../helpers/lake.ts';
import { budget } from '../helpers/budget.ts';
import { bigCsv } from '../helpers/big-export.ts';

const block = endpoints.find((e) => e.path === '/api/block')!;

async function withApp<T>(opts: Parameters<typeof buildApp>[0] extends infer O ? Partial<O> : never, fn: (app: TronlakeApp) => Promise<T>): Promise<T> {
  const app = await buildApp({ dataDir: lakeDir(), endpoints, cacheBytes: 0, ...opts });
  try {
    return await fn(app);
  } finally {
    await app.close();
  }
}

/** Resolves with `p`, or rejects after `ms` (a held pool would otherwise hang the test instead of failing it). */
function within<T>(ms: number, p: Promise<T>, what: string): Promise<T> {
  return Promise.race([p, new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms))]);
}

describe('API key headers', () => {
  it('accepts a valid key in either header, whatever the other holds; refuses when neither is valid', async () => {
    await withApp({ endpoints: [{ ...block, requiresKey: true } as AnyEndpoint], apiKeys: 'good1, good2' }, async (app) => {
      const call = async (headers: Record<string, string>) => (await app.inject({ method: 'GET', url: '/api/block?limit=1', headers })).statusCode;
      expect(await call({ 'chain-pro-api-key': 'good1' })).toBe(200);
      expect(await call({ 'tron-pro-api-key': 'good2' })).toBe(200);
      expect(await call({ 'chain-pro-api-key': 'wrong', 'tron-pro-api-key': 'good1' })).toBe(200);
      expect(await call({ 'chain-pro-api-key': '', 'tron-pro-api-key': 'good2' })).toBe(200);
      expect(await call({ 'chain-pro-api-key': 'good2', 'tron-pro-api-key': 'wrong' })).toBe(200);
      expect(await call({ 'chain-pro-api-key': 'wrong', 'tron-pro-api-key': 'also-wrong' })).toBe(401);
      expect(await call({ 'chain-pro-api-key': '', 'tron-pro-api-key': '' })).toBe(401);
      expect(await call({})).toBe(401);
      const r = await app.inject({ method: 'GET', url: '/api/block?limit=1' });
      expect(JSON.parse(r.body).error).toBe('UNAUTHORIZED');
    });
  });
});

describe('CSV export with a reader that stops reading', () => {
  /** Starts the big export on a raw socket and never reads; returns the socket and what it received so far. */
  async function stalledExport(port: number) {
    const s = net.connect(port, '127.0.0.1');
    await new Promise<void>((resolve) => s.once('connect', () => resolve()));
    s.pause();
    s.write(`GET ${bigCsv.path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
    // The export is running (and holds the pool's connection) once its first bytes arrive.
    await within(5_000, new Promise<void>((resolve) => {
      const poll = setInterval(() => {
        if (s.readableLength > 0) {
          clearInterval(poll);
          resolve();
        }
      }, 5);
    }), 'first bytes of the export');
    let closed = false;
    s.once('close', () => (closed = true));
    s.on('error', () => undefined);
    return { s, isClosed: () => closed };
  }

  async function drain(s: net.Socket): Promise<string> {
    let text = '';
    s.on('data', (d) => (text += d.toString('latin1')));
    s.resume();
    await within(10_000, new Promise<void>((resolve) => (s.destroyed ? resolve() : s.once('close', () => resolve()))), 'socket close');
    return text;
  }

  for (const c of [
    { name: 'no progress for csvStallMs: dropped', opts: { csvStallMs: 300, exportMaxMs: 0, timeoutMs: 60_000 } },
    // Not the query timeout (issue 28): an export outlives it; the operator's export limit bounds it instead.
    { name: "the operator's export time limit covers the whole export, reading included", opts: { csvStallMs: 60_000, exportMaxMs: 20_000, timeoutMs: 60_000 } },
  ]) {
    it(`${c.name}; its export slot and connection are released, queries are never held behind it (pool of 1, one export lane)`, { timeout: budget(100) }, async () => {
      const [{ n }] = (await sql('SELECT count(*) AS n FROM raw_transactions')) as [{ n: bigint }];
      await withApp({ endpoints: [...endpoints, bigCsv], poolSize: 1, maxExports: 1, ...c.opts }, async (app) => {
        await app.listen({ port: 0, host: '127.0.0.1' });
        const port = (app.server.address() as net.AddressInfo).port;
        const { s } = await stalledExport(port);
        // The one export slot is taken: a second export is refused at once…
        const second = await app.inject({ method: 'GET', url: bigCsv.path });
        expect(second.statusCode).toBe(503);
        expect(JSON.parse(second.body).error).toBe('OVERLOADED');
        expect(second.headers['retry-after']).toBe('1');
        // …while a query is answered beside the stalled export (it has a lane and a connection of its own).
        const r = await within(60_000, app.inject({ method: 'GET', url: '/api/block?limit=3' }), 'a request beside the stalled export');
        expect(r.statusCode).toBe(200);
        // The server cuts the export while the client still reads nothing (stall or time limit), then the client reads.
        await within(60_000, new Promise<void>((resolve) => {
          const poll = setInterval(() => {
            if (app.admission.exports() === 0) {
              clearInterval(poll);
              resolve();
            }
          }, 20);
        }), 'the export cut');
        const text = await drain(s);
        expect(text.startsWith('HTTP/1.1 200')).toBe(true);
        // The export was cut: fewer lines than the header plus every transaction, and no terminating chunk.
        expect(text.split('\r\n').length).toBeLessThan(Number(n) + 1);
        expect(text.endsWith('\r\n0\r\n\r\n')).toBe(false);
        // Its slot and connection were given back: the next export is admitted and streams whole (a small one).
        const next = await within(60_000, app.inject({ method: 'GET', url: '/api/transfer?format=csv&limit=5' }), 'an export after the cut one');
        expect(next.statusCode).toBe(200);
        expect(next.trailers['x-row-count']).toBe('5');
      });
    });
  }
});

describe('admission control', () => {
  it('past pool + queue and a line of none (--max-waiting 0), answers 503 OVERLOADED with Retry-After at once; /health is still answered', async () => {
    await withApp({ poolSize: 1, maxQueue: 0, maxWaiting: 0 }, async (app) => {
      const urls = Array.from({ length: 12 }, (_, i) => `/api/transaction?limit=50&start=${i * 50}`);
      const [answers, health] = await Promise.all([
        Promise.all(urls.map((url) => app.inject({ method: 'GET', url }))),
        app.inject({ method: 'GET', url: '/health' }),
      ]);
      const rejected = answers.filter((r) => r.statusCode === 503);
      const served = answers.filter((r) => r.statusCode === 200);
      expect(served.length).toBeGreaterThanOrEqual(1);
      expect(rejected.length).toBeGreaterThanOrEqual(1);
      expect(served.length + rejected.length).toBe(urls.length);
      for (const r of rejected) {
        expect(JSON.parse(r.body).error).toBe('OVERLOADED');
        expect(r.headers['retry-after']).toBe('1');
      }
      expect(health.statusCode).toBe(200);
      // Slots are given back: one at a time, everything is served again.
      for (const url of urls.slice(0, 3)) expect((await app.inject({ method: 'GET', url })).statusCode).toBe(200);
    });
  });

  it('admits the pool plus an equal queue by default; -1 is unbounded', async () => {
    await withApp({ poolSize: 2 }, async (app) => {
      const answers = await Promise.all(Array.from({ length: 4 }, (_, i) => app.inject({ method: 'GET', url: `/api/transaction?limit=20&start=${i * 20}` })));
      expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    });
    await withApp({ poolSize: 1, maxQueue: -1 }, async (app) => {
      const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => app.inject({ method: 'GET', url: `/api/transaction?limit=20&start=${i * 20}` })));
      expect(answers.every((r) => r.statusCode === 200)).toBe(true);
    });
  });
});

describe('listening address', () => {
  it('defaults to the loopback interface; --host / HOST choose another', () => {
    expect(serveConfig({}, {}).host).toBe('127.0.0.1');
    expect(serveConfig({ host: '0.0.0.0' }, {}).host).toBe('0.0.0.0');
    expect(serveConfig({}, { HOST: '::' }).host).toBe('::');
  });
});

describe('Host header (issue 30, defect 9)', () => {
  /** Sends `text` on a raw socket and resolves with everything the server wrote until it closed. */
  function rawRequest(port: number, text: string): Promise<string> {
    return new Promise((resolve, reject) => {
      const s = net.connect(port, '127.0.0.1', () => s.write(text));
      let out = '';
      s.on('data', (d) => (out += d.toString('latin1')));
      s.on('close', () => resolve(out));
      s.on('error', reject);
      s.setTimeout(10_000, () => s.destroy());
    });
  }

  it('answers an HTTP/1.1 request without Host with a catalog 400 naming the header; HTTP/1.0 needs none', async () => {
    await withApp({}, async (app) => {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const port = (app.server.address() as net.AddressInfo).port;
      for (const path of ['/health', '/api/block?limit=1', '/nope']) {
        const res = await rawRequest(port, `GET ${path} HTTP/1.1\r\nConnection: close\r\n\r\n`);
        expect(res, path).toMatch(/^HTTP\/1\.1 400 /);
        expect(res.toLowerCase(), path).toContain('content-type: application/json');
        const body = JSON.parse(res.slice(res.indexOf('\r\n\r\n') + 4)) as { error: string; message: string };
        expect(body.error, path).toBe('BAD_REQUEST');
        expect(body.message, path).toMatch(/Host/);
      }
      const old = await rawRequest(port, 'GET /health HTTP/1.0\r\n\r\n');
      expect(old).toMatch(/^HTTP\/1\.[01] 200 /);
      const ok = await rawRequest(port, 'GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
      expect(ok).toMatch(/^HTTP\/1\.1 200 /);
    });
  });
});
