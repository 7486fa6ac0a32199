/**
 * Fuzz of every parameter of every registered endpoint (seeded, bounded): bad numbers, 2^63, ±huge, floats, NaN,
 * empty, 10 kB strings (414 past the URL limit) and 7 kB ones (parsed), unicode, %00, CRLF, injection strings, Base58 with a bad checksum, hex addresses,
 * repeated and array parameters, bad percent-encoding, wrong methods, 10 MB bodies; then the requests Node's
 * parser itself refuses, over a real socket. Endpoints and their parameter names come from the registry and the
 * declarations' zod schemas, so an endpoint added later is fuzzed without touching this file.
 *
 * Every answer: no 5xx; an error body from the catalog with the catalog's status; a 400 about a parameter names
 * one the request sent (or one it lacked); no stack trace, SQL, engine error or path.
 */
import { rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../src/endpoints/index.ts';
import { buildApp, type TronlakeApp } from '../../src/http/app.ts';
import { ERRORS, type ErrorCode } from '../../src/wire/errors.ts';
import { ingestedLake } from '../helpers/ingested-lake.ts';
import { schemaKeys } from '../helpers/schema.ts';
import { openApiDocument } from '../../src/http/openapi.ts';
import { budget } from '../helpers/budget.ts';
import { seeded as prng } from '../../src/bench/seeded.ts';

// A small ingested lake over three UTC days, rich copies (every event kind), two unconfirmed blocks: every code
// path an input can reach exists in it, and its queries take milliseconds, so ~15,000 requests fit the budget.
let app: TronlakeApp;
let lake: string;
beforeAll(async () => {
  lake = await ingestedLake({ before: 3, after: 3, slotMs: 8 * 3_600_000, rich: true, unconfirmed: 2 });
  app = await buildApp({ dataDir: lake, endpoints });
});
afterAll(async () => {
  await app?.close();
  if (lake) rmSync(path.dirname(lake), { recursive: true, force: true });
});

const SEED = 8;
const RANDOM_REQUESTS = Number(process.env.FUZZ_RANDOM ?? 1_500);

const VALID_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const BAD_CHECKSUM = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u';

/** Properties of Object.prototype: user text that a plain-object lookup (`o[x]`, `x in o`) would find. */
const PROTOTYPE_NAMES = ['__proto__', 'constructor', 'valueOf', 'toString', 'hasOwnProperty', 'isPrototypeOf',
  'propertyIsEnumerable', 'toLocaleString', '__defineGetter__', '__lookupSetter__'];

/** Raw query-string values (already encoded where the encoding is the point). */
const BAD_VALUES: string[] = [
  '-1', '0', '1', '1.5', '-1.5', '1e3', '1e308', '-1e308', '0x10', '+5', '-0', ' 7 ', '٣',
  '9223372036854775807', '9223372036854775808', '-9223372036854775809', '18446744073709551616', '99999999999999999999999999',
  '8640000000000000', '8639999999999999', '8640000000000', '-8640000000000001', '4294967296', '2147483648',
  'NaN', 'Infinity', '-Infinity', 'null', 'undefined', 'true', 'false', '[]', '{}',
  '', '%20', '%00', 'a%00b', '%0D%0Aset-cookie:%20x=1', '%0A', '%09',
  encodeURIComponent('ü'), encodeURIComponent('𝕋𝕣𝕠𝕟'), encodeURIComponent('\u202e'), encodeURIComponent('ﬃ'),
  encodeURIComponent("' OR 1=1 --"), encodeURIComponent('"; DROP TABLE blocks; --'), encodeURIComponent('1; SELECT 1'),
  encodeURIComponent("x' UNION SELECT * FROM read_csv('/etc/passwd') --"), encodeURIComponent('{{order_by}}'),
  encodeURIComponent('$1'), encodeURIComponent('?'), encodeURIComponent('../../etc/passwd'), encodeURIComponent('<script>'),
  VALID_ADDRESS, BAD_CHECKSUM, 'T' + '1'.repeat(33), '41a614f803b6fd780986a42c78ec9c7f77e6ded13c',
  '0xa614f803b6fd780986a42c78ec9c7f77e6ded13c', 'a614f803b6fd780986a42c78ec9c7f77e6ded13c',
  'd057c8aa75c5267a6d723be4c28bf8e2b486d363d70713508a50c57c829313de', '0x' + 'f'.repeat(64), 'g'.repeat(64),
  'trx', 'TRX', '_', '1002000', 'csv', 'CSV', '-number', 'number', 'asc', 'desc', '-balance', 'all', 'top',
  '0,1', '0,1,2', '2', '3', '0,,1', ',', ',,,', 'in', 'out', '2022-09-01', '2022-02-30', '9999-12-31',
  'a'.repeat(10_240), 'b'.repeat(7_000),
  '%ZZ', '%E0%A4%A', '%C0%AF', '%',
  // Names every plain object answers (issue 30): a value looked up in an object with a prototype finds a function.
  ...PROTOTYPE_NAMES,
];

/** What a query string may carry besides plain `k=v`: repeats, arrays, objects, bare keys. */
function shapes(k: string, v: string): string[] {
  return [`${k}=${v}&${k}=1`, `${k}[]=${v}`, `${k}[0]=1&${k}[1]=${v}`, `${k}[a]=${v}`, k, `${k}=`];
}

interface Answer {
  method: string;
  url: string;
  sent: string[];
  status: number;
  body: string;
  contentType: string;
}

const FORBIDDEN = [/\n\s+at /, /read_parquet/, /node_modules/, /\.ts:\d/, /versions\/v\d/, /Binder Error/, /Catalog Error/,
  /Parser Error/, /Conversion Error/, /Invalid Input Error/, /IO Error/, /Out of Range Error/, /INTERNAL Error/, /RangeError/, /TypeError/];

/** Checks one answer against the contract; returns what is wrong, or undefined. */
function judge(a: Answer, lake: string): string | undefined {
  if (a.status >= 500) return `${a.status} ${a.body.slice(0, 300)}`;
  for (const re of [...FORBIDDEN, new RegExp(lake.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))]) {
    if (re.test(a.body)) return `leaks ${re}: ${a.body.slice(0, 300)}`;
  }
  if (a.status < 400 || a.method === 'HEAD') return undefined;
  let body: { error?: string; param?: string; message?: string };
  try {
    body = JSON.parse(a.body);
  } catch {
    return `error body is not JSON: ${a.body.slice(0, 200)}`;
  }
  if (!a.contentType.startsWith('application/json')) return `error content-type ${a.contentType}`;
  const code = body.error as ErrorCode | undefined;
  if (!code || !(code in ERRORS)) return `error body not from the catalog: ${a.body.slice(0, 200)}`;
  if (ERRORS[code].status !== a.status) return `${code} answered ${a.status}, catalog says ${ERRORS[code].status}`;
  if (typeof body.message !== 'string' || body.message === '') return `no message: ${a.body}`;
  if (code === 'BAD_PARAMETER' || code === 'MISSING_PARAMETER' || code === 'OUT_OF_WINDOW') {
    if (!body.param) return `400 ${code} without param: ${a.body.slice(0, 200)}`;
  }
  return undefined;
}

describe('fuzz: every parameter of every registered endpoint', () => {
  it(`answers ${BAD_VALUES.length} bad values and their repeated / array shapes per parameter, and ${RANDOM_REQUESTS} seeded combinations, without 5xx or leaks`, async () => {
    const rand = prng(SEED);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
    const failures: string[] = [];
    const seen = new Map<string, number>();
    let count = 0;
    const tStart = performance.now();

    const slow: [number, string][] = [];
    const send = async (method: string, url: string, sent: string[], extra: { headers?: Record<string, string>; payload?: string } = {}) => {
      const t0 = performance.now();
      const r = await app.inject({ method: method as 'GET', url, headers: extra.headers, payload: extra.payload });
      count++;
      const dt = performance.now() - t0;
      if (process.env.FUZZ_PROFILE && dt > 50) slow.push([dt, `${r.statusCode} ${method} ${url.slice(0, 120)}`]);
      const a: Answer = { method, url, sent, status: r.statusCode, body: r.body, contentType: String(r.headers['content-type'] ?? '') };
      const key = `${r.statusCode}`;
      seen.set(key, (seen.get(key) ?? 0) + 1);
      const wrong = judge(a, lake);
      if (wrong && failures.length < 40) failures.push(`${method} ${url.slice(0, 160)} → ${wrong}`);
      if (!wrong && a.status === 400 && method !== 'HEAD') {
        const body = JSON.parse(a.body) as { param?: string };
        if (body.param && !sent.includes(body.param)) {
          // A missing required parameter or a cross-parameter rule may name a parameter the request did not send,
          // but it must be one the endpoint reads.
          const keys = schemaKeys(endpoints.find((e) => url.split('?')[0]!.endsWith(e.path))?.params) ?? [];
          if (!keys.includes(body.param) && failures.length < 40) failures.push(`${url.slice(0, 160)} → names ${body.param}, not a parameter of the endpoint`);
        }
      }
    };

    for (const ep of endpoints) {
      const keys = schemaKeys(ep.params) ?? [];
      const headers = ep.requiresKey ? { 'chain-pro-api-key': 'fuzz' } : undefined;
      for (const k of keys) {
        for (const v of BAD_VALUES) {
          if (ep.method === 'POST') await send('POST', ep.path, [k], { headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify({ [k]: decodeURIComponentSafe(v) }) });
          else await send('GET', `${ep.path}?${k}=${v}`, [k], { headers });
        }
        for (const s of shapes(k, pick(BAD_VALUES))) await send(ep.method, `${ep.path}?${s}`, [k], { headers });
      }
      // Wrong methods and big bodies.
      for (const m of ['PUT', 'DELETE', 'PATCH', ep.method === 'GET' ? 'POST' : 'GET']) await send(m, ep.path, []);
      await send('OPTIONS', ep.path, []);
      await send('HEAD', ep.path, [], { headers });
      if (process.env.FUZZ_PROFILE) console.log(`after ${ep.path}: ${count} requests, ${(performance.now() - tStart).toFixed(0)} ms`);
      const big = 'x'.repeat(10 * 1024 * 1024);
      await send('POST', ep.path, [], { headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ pad: big }) });
      await send(ep.method, ep.path, [], { headers: { 'content-type': 'text/plain' }, payload: big });
    }

    // Seeded combinations: 1-4 parameters of one endpoint, values from the pool.
    for (let i = 0; i < RANDOM_REQUESTS; i++) {
      const ep = pick(endpoints);
      const keys = schemaKeys(ep.params) ?? [];
      if (keys.length === 0 || ep.method !== 'GET') continue;
      const n = 1 + Math.floor(rand() * Math.min(4, keys.length));
      const chosen = Array.from({ length: n }, () => pick(keys));
      const qs = chosen.map((k) => `${k}=${pick(BAD_VALUES)}`).join('&');
      await send('GET', `${ep.path}?${qs}`, chosen, { headers: ep.requiresKey ? { 'tron-pro-api-key': 'fuzz' } : undefined });
    }

    // Paths the router cannot decode or does not know.
    for (const p of ['/api/%ZZ', '/api/block%', '/api/%E0%A4%A', '/api/block/%00', '/%2e%2e/%2e%2e/etc/passwd', '/api/BLOCK', '/api//block', '/api/block/', '/nope']) {
      await send('GET', p, []);
    }
    if (process.env.FUZZ_PROFILE) console.log(slow.sort((x, y) => y[0] - x[0]).slice(0, 40).map(([t, u]) => `${t.toFixed(0)} ms ${u}`).join('\n'), slow.length, slow.reduce((a, [t]) => a + t, 0));
    console.log(`fuzz: ${count} requests over ${endpoints.length} endpoints; statuses ${JSON.stringify(Object.fromEntries(seen))}`);
    expect(count).toBeGreaterThan(5_000);
    expect(failures).toEqual([]);
  }, budget(50)); // ~34k requests, ~45 quiet seconds: a hang, not a busy machine, trips it

  it('answers what Node\'s HTTP parser refuses with catalog bodies: 431 headers, 414 URL, malformed request, bad URL', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as net.AddressInfo).port;
    const raw = (text: string): Promise<string> =>
      new Promise((resolve, reject) => {
        const s = net.connect(port, '127.0.0.1', () => s.write(text));
        let out = '';
        s.on('data', (d) => (out += d.toString('latin1')));
        s.on('end', () => resolve(out));
        s.on('close', () => resolve(out));
        s.on('error', reject);
        s.setTimeout(5_000, () => s.destroy());
      });
    const statusAndBody = (res: string) => {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(res)?.[1]);
      const body = res.slice(res.indexOf('\r\n\r\n') + 4);
      return { status, body: JSON.parse(body) as { error: ErrorCode } };
    };
    const cases: [string, number, ErrorCode][] = [
      [`GET /api/block HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`, 431, 'HEADERS_TOO_LARGE'],
      [`GET /api/block?x=${'a'.repeat(9_000)} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`, 414, 'URI_TOO_LONG'],
      [`GET /api/%ZZ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`, 400, 'BAD_URL'],
      [`BLAH\r\n\r\n`, 400, 'BAD_REQUEST'],
      [`GET /api/block HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n`, 400, 'BAD_REQUEST'],
      [`POST /api/block HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${2 * 1024 * 1024}\r\nConnection: close\r\n\r\n${'{'.repeat(2 * 1024 * 1024)}`, 413, 'PAYLOAD_TOO_LARGE'],
    ];
    for (const [req, status, code] of cases) {
      const res = await raw(req);
      const got = statusAndBody(res);
      expect(got.status, req.slice(0, 40)).toBe(status);
      expect(got.body.error, req.slice(0, 40)).toBe(code);
    }
  });

  it('answers every prototype name on every parameter of every endpoint as it answers an unknown word of the same shape: a 400 naming the parameter, or the same 200', async () => {
    // The other parameters get the declared examples of the required ones (the OpenAPI document), so the value
    // reaches the endpoint's own code; the control is the name with its letters replaced (`valueOf` → `zzzzzzz`), so a
    // free-text parameter (an unknown sortField, a search) must give the same answer as for any unknown word.
    const doc = openApiDocument(endpoints) as unknown as { paths: Record<string, Record<string, { parameters?: { name: string; required?: boolean; example?: unknown; schema?: { example?: unknown } }[] }>> };
    const failures: string[] = [];
    let checked = 0;
    const answer = async (ep: (typeof endpoints)[number], query: Map<string, string>) => {
      const headers = ep.requiresKey ? { 'chain-pro-api-key': 'fuzz' } : undefined;
      const qs = [...query].map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
      const r = ep.method === 'GET'
        ? await app.inject({ method: 'GET', url: `${ep.path}?${qs}`, headers })
        : await app.inject({ method: ep.method as 'POST', url: ep.path, headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify(Object.fromEntries(query)) });
      return { status: r.statusCode, body: r.body };
    };
    for (const ep of endpoints) {
      const op = doc.paths[ep.path]?.[ep.method.toLowerCase()];
      const examples = new Map((op?.parameters ?? []).map((q) => [q.name, q.example ?? q.schema?.example] as const));
      const required = (op?.parameters ?? []).filter((q) => q.required).map((q) => q.name);
      for (const k of schemaKeys(ep.params) ?? []) {
        // Parameters needed besides k: the required ones, then any a rule between parameters asks for (e.g. one of
        // address or contract), filled with their declared examples until the control is no longer refused for them.
        const others = new Map(required.filter((q) => q !== k).map((q) => [q, String(examples.get(q))]));
        const with_ = (v: string) => new Map([...others, [k, v]]);
        for (let i = 0; i < 3; i++) {
          const first = await answer(ep, with_(PROTOTYPE_NAMES[0]!.replace(/[a-z]/gi, 'z')));
          const param = first.status === 400 ? (JSON.parse(first.body) as { param?: string }).param : undefined;
          if (!param || param === k || others.has(param) || examples.get(param) === undefined) break;
          others.set(param, String(examples.get(param)));
        }
        for (const name of PROTOTYPE_NAMES) {
          const control = name.replace(/[a-z]/gi, 'z');
          const got = await answer(ep, with_(name));
          const want = await answer(ep, with_(control));
          checked++;
          const where = `${ep.path}?${[...others].map(([q, v]) => `${q}=${v}&`).join('')}${k}=${name}`;
          if (got.status >= 500) failures.push(`${where} → ${got.status} ${got.body.slice(0, 200)}`);
          else if (got.status !== want.status) failures.push(`${where} → ${got.status}, ${k}=${control} → ${want.status}: ${got.body.slice(0, 200)}`);
          else if (got.body.replaceAll(name, '?') !== want.body.replaceAll(control, '?')) failures.push(`${where}: body differs from ${k}=${control}: ${firstDifference(got.body.replaceAll(name, '?'), want.body.replaceAll(control, '?'))}`);
          else if (got.status === 400) {
            const param = (JSON.parse(got.body) as { param?: string }).param;
            if (param !== k) failures.push(`${where} → 400 naming ${param}, not ${k}`);
          }
          if (failures.length >= 60) break;
        }
      }
    }
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(2_000);
  }, budget(30));

  it('answers a known path with the wrong method 405 naming the allowed method', async () => {
    const r = await app.inject({ method: 'DELETE', url: '/api/block' });
    expect(r.statusCode).toBe(405);
    expect(r.headers.allow).toBe('GET');
    expect(JSON.parse(r.body).error).toBe('METHOD_NOT_ALLOWED');
  });

  it('answers a time bound of 8.64e15 ms or more with a 400 naming it, on every endpoint that reads one', async () => {
    let checked = 0;
    for (const ep of endpoints) {
      for (const k of (schemaKeys(ep.params) ?? []).filter((x) => /^(start|end)_?(timestamp|Timestamp|Time)$/.test(x))) {
        for (const v of ['8640000000000000', '9007199254740991']) {
          const r = await app.inject({ method: 'GET', url: `${ep.path}?${k}=${v}`, headers: ep.requiresKey ? { 'chain-pro-api-key': 'k' } : undefined });
          expect(r.statusCode, `${ep.path} ${k}=${v}: ${r.body}`).toBe(400);
          expect(JSON.parse(r.body).param, `${ep.path} ${k}`).toBe(k);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThanOrEqual(14);
  });
});

/** Where two texts part, with a little context, e.g. for a failure message. */
function firstDifference(a: string, b: string): string {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return `at ${i}: …${a.slice(Math.max(0, i - 60), i + 60)}… vs …${b.slice(Math.max(0, i - 60), i + 60)}…`;
}

function decodeURIComponentSafe(v: string): string {
  try {
    return decodeURIComponent(v);
  } catch {
    return v;
  }
}
