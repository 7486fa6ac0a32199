/**
 * Generic contract tests driven by the declarations (issue 9, SPEC §8, ARCHITECTURE §5.3): every registered endpoint
 * is covered by declaring it. For every endpoint: each parameter with a malformed value is a 400 naming it (or, for
 * a lenient parameter, not an error), a missing required parameter is a 400 naming it, `limit=0` keeps the totals,
 * and the declared response schema accepts the answer but not the answer with a key left out or a value of another
 * JSON type (a null: a number or a string) (so a schema cannot be looser than the fields it declares).
 * For every list: the limit is clamped to its maximum, the sum rule, every sort key both ways gives disjoint pages
 * that continue each other, and CSV answers the same rows. For every series: each granularity, a bad one, a span
 * over the maximum, CSV.
 *
 * Required parameters are filled from samples of the lake (plain SQL over the raw tables): for each endpoint the
 * first combination that answers 200 with rows is used, so the checks run on real data.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { endpoints } from '../../src/endpoints/index.ts';
import { queryObject } from '../../src/http/openapi.ts';
import type { ListMeta } from '../../src/endpoints/kit/list.ts';
import type { SeriesMeta } from '../../src/endpoints/kit/series.ts';
import type { AnyEndpoint } from '../../src/endpoints/kit/endpoint.ts';
import { get, sql } from '../helpers/lake.ts';
import { sampleRequests, sampleValues } from '../helpers/sample-values.ts';
import { parseCsv } from '../helpers/csv.ts';
import { budget } from '../helpers/budget.ts';

const BAD = '%bad value%';
type Ep = AnyEndpoint & { list?: ListMeta; series?: SeriesMeta };
// GET endpoints: the one POST (the triggers batch) takes a JSON body, its fields' 400s and schema checked in
// test/endpoints/contract/smart-contract-triggers-batch.test.ts.
const all = (endpoints as readonly Ep[]).filter((ep) => ep.method === 'GET');

/** Candidate values for required parameters, from the lake. */
let candidates: string[] = [];
/** The query string of required parameters that makes each endpoint answer with data. */
let base = new Map<string, string>();

const fieldOf = (ep: Ep, name: string) => queryObject(ep).shape[name] as z.ZodType;
const required = (ep: Ep) => Object.keys(queryObject(ep).shape).filter((k) => !fieldOf(ep, k).safeParse(undefined).success);
const itemsOf = (ep: Ep, body: Record<string, unknown>): unknown[] | undefined => {
  const key = ep.list?.key;
  if (key) return body[key] as unknown[];
  // `data` when the answer has it (as csv-format.test.ts): /api/contracts' page beside its triggerTop7 ranking.
  if (Array.isArray(body.data)) return body.data as unknown[];
  const arr = Object.values(body).find((v) => Array.isArray(v) && v.length > 0) ?? Object.values(body).find(Array.isArray);
  return arr as unknown[] | undefined;
};
const withQuery = (path: string, q: string) => (q ? `${path}?${q}` : path);
const join = (...qs: string[]) => qs.filter(Boolean).join('&');

beforeAll(async () => {
  candidates = await sampleValues();
  base = await sampleRequests(all, candidates, {
    required,
    accepts: (ep, k, v) => fieldOf(ep, k).safeParse(v).success,
    hasData: (ep, body) => {
      const items = itemsOf(ep, body);
      return items ? items.length > 0 : Object.keys(body).length > 0;
    },
  });
}, budget(80));

describe.each(all.map((ep) => [ep.path, ep] as const))('%s', (path, ep) => {
  it('has a sample request that answers 200', async () => {
    expect(base.has(path), `no combination of samples answers ${path}`).toBe(true);
    expect((await get(withQuery(path, base.get(path)!))).status).toBe(200);
  });

  it('answers a malformed value of each parameter with a 400 naming it (or, when lenient, not an error)', async () => {
    const q = base.get(path) ?? '';
    for (const name of Object.keys(queryObject(ep).shape)) {
      const rest = q.split('&').filter((kv) => kv && !kv.startsWith(`${name}=`)).join('&');
      const { status, body, text } = await get(withQuery(path, join(rest, `${name}=${encodeURIComponent(BAD)}`)));
      if (fieldOf(ep, name).safeParse(BAD).success) {
        expect(status, `${name}=${BAD}`).toBeLessThan(500);
      } else {
        expect(status, `${name}=${BAD}`).toBe(400);
        expect(body.param, `${name}=${BAD}`).toBe(name);
        expect(body.message).toContain(name);
        expect(text, 'no SQL, path or stack in an error').not.toMatch(/SELECT|\.parquet|at .*\.ts/);
      }
    }
  });

  it('answers a missing required parameter with a 400 naming it', async () => {
    const q = base.get(path) ?? '';
    for (const name of required(ep)) {
      const rest = q.split('&').filter((kv) => kv && !kv.startsWith(`${name}=`)).join('&');
      const { status, body } = await get(withQuery(path, rest));
      expect(status, name).toBe(400);
      expect(body.param, name).toBe(name);
    }
  });

  it('declares a response schema that accepts its answer and rejects a missing key or a changed type', async () => {
    const schema = ep.response;
    expect(schema, 'no response schema').toBeDefined();
    const { body } = await get(withQuery(path, base.get(path) ?? ''));
    const accepts = (b: unknown) => schema!.safeParse(b).success;
    expect(accepts(body), JSON.stringify(schema!.safeParse(body).error?.issues[0])).toBe(true);
    // Another JSON type for a value: a number becomes a string, anything else a number.
    const other = (v: unknown) => (typeof v === 'number' ? String(v) : 12345);
    // A null stands for a nullable field of one type besides null (a rate, a figure the lake cannot give): the
    // schema must refuse a number or a string in its place; a field it does not declare would take both.
    const refusesOther = (v: unknown, put: (x: unknown) => unknown) =>
      v === null ? !accepts(put(12345)) || !accepts(put('12345')) : !accepts(put(other(v)));
    if (typeof body !== 'object' || body === null) {
      expect(accepts(other(body)), 'the bare value with another type').toBe(false);
      return;
    }
    for (const k of Object.keys(body)) {
      const { [k]: _gone, ...rest } = body;
      expect(accepts(rest), `without envelope key ${k}`).toBe(false);
      expect(refusesOther(body[k], (x) => ({ ...body, [k]: x })), `envelope key ${k} with another type`).toBe(true);
    }
    // Every field of the first item, for the list's items (or the array of the answer).
    const items = itemsOf(ep, body);
    const item = items?.[0] as Record<string, unknown> | undefined;
    if (!items || !item || typeof item !== 'object') return;
    const key = Object.keys(body).find((k) => body[k] === items)!;
    for (const f of Object.keys(item)) {
      const changed = (x: unknown) => ({ ...body, [key]: [{ ...item, [f]: x }, ...items.slice(1)] });
      expect(refusesOther(item[f], changed), `${key}[0].${f} with another type`).toBe(true);
    }
  });

  // A limit with a minimum (only /api/proposal: SPEC §8 "limit min 20") refuses 0; its own test checks the 400.
  if ('limit' in queryObject(ep).shape && (queryObject(ep).shape.limit as z.ZodType).safeParse('0').success) it('keeps the totals with limit=0', async () => {
    const q = base.get(path) ?? '';
    const full = await get(withQuery(path, q));
    const none = await get(withQuery(path, join(q, 'limit=0')));
    expect(none.status).toBe(200);
    const items = itemsOf(ep, none.body);
    if (items) expect(items).toEqual([]);
    for (const k of ['total', 'rangeTotal', 'totalAll']) if (k in full.body) expect(none.body[k], k).toEqual(full.body[k]);
  });
});

const lists = all.filter((ep) => ep.list);

describe.each(lists.map((ep) => [ep.path, ep] as const))('list %s', (path, ep) => {
  const meta = ep.list!;
  const q = () => base.get(path) ?? '';
  const items = (body: Record<string, unknown>) => body[meta.key] as unknown[];

  it(`clamps limit to its maximum (${meta.paging.maxLimit})`, async () => {
    const { status, body } = await get(withQuery(path, join(q(), `limit=${meta.paging.maxLimit + 7}`)));
    expect(status).toBe(200);
    expect(items(body).length).toBeLessThanOrEqual(meta.paging.maxLimit);
    if (typeof body.rangeTotal === 'number') expect(items(body)).toHaveLength(Math.min(meta.paging.maxLimit, body.rangeTotal));
    const dflt = await get(withQuery(path, q()));
    expect(items(dflt.body).length).toBeLessThanOrEqual(meta.paging.defaultLimit);
  });

  if (meta.paging.sumRule) it('applies the sum rule: start ≥ 10000 is a 400 on start, start + limit is clamped to 10000', async () => {
    const out = await get(withQuery(path, join(q(), 'start=10000')));
    expect(out.status).toBe(400);
    expect(out.body).toMatchObject({ error: 'OUT_OF_WINDOW', param: 'start' });
    const edge = await get(withQuery(path, join(q(), `start=9995&limit=${meta.paging.maxLimit}`)));
    expect(edge.status).toBe(200);
    const all = (await get(withQuery(path, q()))).body.rangeTotal;
    if (typeof all === 'number') expect(items(edge.body)).toHaveLength(Math.max(0, Math.min(5, all - 9995)));
    else expect(items(edge.body).length).toBeLessThanOrEqual(5);
  });

  const sorts = meta.sort ? [undefined, ...Object.keys(meta.sort.columns).flatMap((k) => [k, `-${k}`])] : [undefined];
  it.each(sorts.map((s) => [s ?? '(default)', s] as const))('sort %s: consecutive pages are disjoint and continue each other', async (_n, s) => {
    const sort = s ? `sort=${s}` : '';
    const a = await get(withQuery(path, join(q(), sort, 'start=0&limit=4')));
    const b = await get(withQuery(path, join(q(), sort, 'start=4&limit=4')));
    const c = await get(withQuery(path, join(q(), sort, 'start=0&limit=8')));
    expect([a.status, b.status, c.status]).toEqual([200, 200, 200]);
    const ja = items(a.body).map((x) => JSON.stringify(x));
    const jb = items(b.body).map((x) => JSON.stringify(x));
    expect(ja.filter((x) => jb.includes(x))).toEqual([]);
    expect([...ja, ...jb]).toEqual(items(c.body).map((x) => JSON.stringify(x)));
  });

  if (meta.sort) it('each sort key both ways: a result that fits one page comes reversed', async () => {
    for (const k of Object.keys(meta.sort?.columns ?? {})) {
      const up = await get(withQuery(path, join(q(), `sort=${k}`, `limit=${meta.paging.maxLimit}`)));
      const down = await get(withQuery(path, join(q(), `sort=-${k}`, `limit=${meta.paging.maxLimit}`)));
      expect([up.status, down.status]).toEqual([200, 200]);
      expect(up.body.total).toEqual(down.body.total);
      if (up.body.rangeTotal !== undefined && up.body.rangeTotal <= meta.paging.maxLimit) {
        expect(items(down.body).map((x) => JSON.stringify(x))).toEqual(items(up.body).map((x) => JSON.stringify(x)).reverse());
      }
    }
  });

  it('answers format=csv with the rows of the JSON page', async () => {
    const json = await get(withQuery(path, join(q(), 'limit=5')));
    const csv = await get(withQuery(path, join(q(), 'limit=5&format=csv')));
    expect(csv.status).toBe(200);
    expect(String(csv.headers['content-type'])).toMatch(/^text\/csv/);
    const rows = parseCsv(csv.text);
    const n = items(json.body).length;
    expect(rows.length).toBe(n === 0 ? Math.min(rows.length, 1) : n + 1);
    // A text cell never starts a formula; a negative number is a number (src/http/csv.ts passes numbers through).
    const NUMBER = /^-\d+(\.\d+)?(e[-+]?\d+)?$/i;
    for (const r of rows.slice(1)) for (const cell of r) if (!NUMBER.test(cell)) expect(cell).not.toMatch(/^[=+\-@]/);
  });
});

const series = all.filter((ep) => ep.series);

describe.each(series.map((ep) => [ep.path, ep] as const))('series %s', (path, ep) => {
  const meta = ep.series!;
  // Required parameters (a token) from the lake samples, like every other check.
  const q = (...more: string[]) => withQuery(path, join(base.get(path) ?? '', ...more));
  it('answers every granularity, rejects an unknown one, a span over the maximum, and answers CSV', async () => {
    if (meta.granularityParam) {
      for (const g of meta.granularities) expect((await get(q(`${meta.granularityParam}=${g}`))).status).toBe(200);
      const bad = await get(q(`${meta.granularityParam}=fortnight`));
      expect(bad.body.param).toBe(meta.granularityParam);
    }
    const unit = (ms: number) => (meta.time.unit === 'day' ? new Date(ms).toISOString().slice(0, 10) : meta.time.unit === 's' ? Math.floor(ms / 1000) : ms);
    if (meta.time.start && meta.time.end) {
      const long = await get(q(`${meta.time.start}=${unit(0)}&${meta.time.end}=${unit((meta.time.maxDays + 1) * 86_400_000)}`));
      expect(long.status).toBe(400);
      expect(long.body.param).toBe(meta.time.end);
    }
    if (meta.time.days) {
      const long = await get(q(`${meta.time.days}=${meta.time.maxDays + 1}`));
      expect(long.status).toBe(400);
      expect(long.body.param).toBe(meta.time.days);
    }
    expect(String((await get(q('format=csv'))).headers['content-type'])).toMatch(/^text\/csv/);
  });
});

describe('coverage', () => {
  it('every registered endpoint is a list, a series, or a plain declaration listed in docs/endpoints.md', async () => {
    const { readFileSync } = await import('node:fs');
    const readme = readFileSync(new URL('../../docs/endpoints.md', import.meta.url), 'utf8');
    for (const ep of all) if (!ep.list && !ep.series) expect(readme, `${ep.path} is neither list nor series`).toContain(`\`${ep.path}\``);
  });
});

