/**
 * `format=csv` over the whole registry (issue 28): every list (a kit list, or a plain declaration that pages with
 * `start` and `limit`) and every series answers CSV whose header names its columns and whose rows are the rows of its
 * JSON answer; every other endpoint answers 400 naming `format` (never JSON with 200 to a client that asked for a
 * file). A list's download without `limit` has every row its JSON counts (`rangeTotal`, else `total`), checked where
 * that is small enough to read here (test/http/exports*.test.ts stream the large ones and count them with plain SQL).
 *
 * Required parameters are filled from samples of the lake (plain SQL over the raw tables), as in endpoints.test.ts.
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

type Ep = AnyEndpoint & { list?: ListMeta; series?: SeriesMeta };
const all = (endpoints as readonly Ep[]).filter((ep) => ep.method === 'GET');

const shapeOf = (ep: Ep) => queryObject(ep).shape as Record<string, z.ZodType>;
const paged = (ep: Ep) => 'start' in shapeOf(ep) && 'limit' in shapeOf(ep);
const isList = (ep: Ep) => !!ep.list || paged(ep);
const required = (ep: Ep) => Object.entries(shapeOf(ep)).filter(([, f]) => !f.safeParse(undefined).success).map(([k]) => k);
const withQuery = (path: string, ...qs: string[]) => {
  const q = qs.filter(Boolean).join('&');
  return q ? `${path}?${q}` : path;
};

/** The items of a JSON answer: the list's key, else `data`, else its only array. */
function itemsOf(ep: Ep, body: unknown): Record<string, unknown>[] {
  if (!body || typeof body !== 'object') return [];
  const o = body as Record<string, unknown>;
  const key = ep.list?.key ?? (Array.isArray(o.data) ? 'data' : Object.keys(o).find((k) => Array.isArray(o[k])));
  return (key ? (o[key] as Record<string, unknown>[]) : []) ?? [];
}

/** The CSV text of a JSON value as the service writes it: formula guard on text, JSON for nested values. */
function cellOf(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

/** Every scalar of a JSON value, as text (for matching a list's SQL-named CSV row to its JSON item). */
function leaves(v: unknown, out = new Set<string>()): Set<string> {
  if (v === null || v === undefined) return out;
  if (typeof v === 'object') for (const x of Object.values(v as object)) leaves(x, out);
  else out.add(String(v));
  return out;
}

let base = new Map<string, string>();

beforeAll(async () => {
  base = await sampleRequests(all, await sampleValues(), {
    required,
    accepts: (ep, k, v) => shapeOf(ep)[k]!.safeParse(v).success,
    hasData: (ep, body) => itemsOf(ep, body).length > 0 || (!isList(ep) && !ep.series),
  });
}, budget(200));

describe.each(all.map((ep) => [ep.path, ep] as const))('format=csv on %s', (path, ep) => {
  const q = () => base.get(path) ?? '';

  // A plain declaration with a download of its own (csv.table: a fixed list or a series of nested rows, e.g. the
  // stablecoin endpoints) is checked as a series: its CSV rows are its JSON items.
  if (!isList(ep) && !ep.series && !ep.csv) {
    it('is neither a list nor a series: 400 naming format', async () => {
      const r = await get(withQuery(path, q(), 'format=csv'));
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ error: 'BAD_PARAMETER', param: 'format' });
      // Any other format value is left alone (legacy clients send format=json).
      expect((await get(withQuery(path, q(), 'format=json'))).status).toBe(200);
    });
    return;
  }

  it('answers CSV: a header line, and the rows of its JSON answer in order, ended with X-Row-Count', async () => {
    // A kit list's page of 5; a plain list's page of 20 (within each one's bounds, e.g. /api/proposal's 20-200): with
    // `limit` a download is exactly the JSON page.
    const page = ep.list ? 'limit=5' : paged(ep) ? 'limit=20' : '';
    const json = await get(withQuery(path, q(), page));
    expect(json.status).toBe(200);
    const items = itemsOf(ep, json.body);
    const csv = await get(withQuery(path, q(), page, 'format=csv'));
    expect(csv.status).toBe(200);
    expect(String(csv.headers['content-type'])).toMatch(/^text\/csv/);
    expect(csv.headers.trailer).toMatch(/x-row-count/i);
    const rows = parseCsv(csv.text);
    const header = rows[0] ?? [];
    const data = rows.slice(1);
    expect(data.length).toBe(items.length);
    if (items.length === 0) return;
    expect(header.length).toBeGreaterThan(0);
    expect(header.every((h) => h !== '')).toBe(true);
    if (ep.list && ep.csv?.plan) {
      // A kit list downloads the columns of its SQL (docs/compat.md): row i shares values with item i, and with no
      // other item more (rows of one batch may share most values).
      const sets = items.map((it) => leaves(it));
      const score = (r: string[], j: number) => r.filter((c) => c !== '' && sets[j]!.has(c)).length;
      data.forEach((r, i) => {
        const own = score(r, i);
        expect(own, `${path}: CSV row ${i} shares no value with JSON item ${i}`).toBeGreaterThan(0);
        for (let j = 0; j < items.length; j++) expect(score(r, j), `${path}: CSV row ${i} is closer to item ${j}`).toBeLessThanOrEqual(own);
      });
    } else {
      // A series or a plain list: the item's fields (a field an item lacks is an empty cell).
      data.forEach((r, i) => {
        const expected = header.map((h) => cellOf(items[i]![h]));
        const got = r.map((c, k) => (typeof items[i]![header[k]!] === 'number' && c !== '' ? String(Number(c)) : c));
        expect(got, `${path} row ${i}`).toEqual(expected);
      });
    }
  });

  if (paged(ep) && !ep.list) {
    it('a plain list declares its download (kit/exports.ts listCsv), so it streams every row, not one page', () => {
      expect(ep.csv?.plan, path).toBeDefined();
    });
  }

  if (ep.csv?.plan) {
    it('without limit, downloads every row the JSON counts (rangeTotal, else total), when that is at most 20,000', async () => {
      // A plain list's default page (its own limit bounds, e.g. /api/proposal's 20-200) still carries the count.
      const json = await get(withQuery(path, q(), ep.list ? 'limit=1' : ''));
      const total = Number(json.body?.rangeTotal ?? json.body?.total);
      if (!Number.isFinite(total) || total > 20_000) return;
      const csv = await get(withQuery(path, q(), 'format=csv'));
      expect(csv.status).toBe(200);
      expect(parseCsv(csv.text).length - 1, path).toBe(total);
    });
  }
});
