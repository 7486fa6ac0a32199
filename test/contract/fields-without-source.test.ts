/**
 * docs/compat.md "Fields without a source" (issue 27) stays true: each field it lists for an endpoint is neither in
 * the endpoint's answer (sampled on the lake: an address or a transaction that has the data the field would describe)
 * nor in its declared response schema. A field that gains a source must leave the table in the same change.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoints } from '../../src/endpoints/index.ts';
import { get, sql } from '../helpers/lake.ts';

/** The table's rows: endpoint → fields (an endpoint may have several rows). */
function listed(): Map<string, string[]> {
  const text = readFileSync(new URL('../../docs/compat.md', import.meta.url), 'utf8');
  const section = text.split('\n## Fields without a source')[1]!.split('\n## ')[0]!;
  const out = new Map<string, string[]>();
  for (const line of section.split('\n')) {
    const m = /^\| `(\/api\/[^`]+)` \| (.+?) \| .+ \|$/.exec(line);
    if (!m) continue;
    const fields = [...m[2]!.matchAll(/`([A-Za-z_][A-Za-z0-9_]*)`/g)].map((x) => x[1]!);
    out.set(m[1]!, [...(out.get(m[1]!) ?? []), ...fields]);
  }
  return out;
}

/** Every key of a JSON value, at any depth. */
function keysOf(x: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(x)) for (const y of x) keysOf(y, out);
  else if (x && typeof x === 'object') for (const [k, y] of Object.entries(x)) (out.add(k), keysOf(y, out));
  return out;
}

/** Every property name a response schema declares, at any depth. */
function declared(schema: z.ZodType): Set<string> {
  const out = new Set<string>();
  const walk = (j: unknown): void => {
    if (Array.isArray(j)) return j.forEach(walk);
    if (!j || typeof j !== 'object') return;
    for (const [k, v] of Object.entries(j)) {
      if (k === 'properties' && v && typeof v === 'object') for (const name of Object.keys(v)) out.add(name);
      walk(v);
    }
  };
  walk(z.toJSONSchema(schema, { unrepresentable: 'any', io: 'output' }));
  return out;
}

/** A request per endpoint of the table whose answer has the rows the listed fields would sit in. */
async function sampleUrl(path: string): Promise<string> {
  const one = async (q: string): Promise<string> => String(Object.values((await sql(q))[0] ?? {})[0] ?? '');
  const newest = `(SELECT * FROM snap_account_snapshots QUALIFY row_number() OVER (PARTITION BY address ORDER BY as_of_block DESC) = 1)`;
  switch (path) {
    case '/api/accountv2':
    case '/api/account/wallet':
      return `${path}?address=${await one(`SELECT address FROM ${newest} ORDER BY frozen_v2_bandwidth + frozen_v2_energy + balance DESC, address LIMIT 1`)}`;
    case '/api/account/resource':
      return `${path}?address=${await one(`SELECT address FROM ${newest} ORDER BY frozen_v1_bandwidth + frozen_v1_energy DESC, address LIMIT 1`)}`;
    case '/api/transaction-info':
      return `${path}?hash=${await one(`SELECT tx_hash FROM raw_token_transfers ORDER BY block_number DESC, tx_hash LIMIT 1`)}`;
    case '/api/tokenholders':
      return `${path}?address=_`;
    default:
      return path;
  }
}

describe('docs/compat.md "Fields without a source"', () => {
  const rows = listed();

  it('lists endpoints that are served', () => {
    expect(rows.size).toBeGreaterThan(5);
    const served = new Set(endpoints.map((e) => e.path));
    for (const path of rows.keys()) expect(served.has(path), path).toBe(true);
  });

  it('no listed field is answered or declared', async () => {
    for (const [path, fields] of rows) {
      const url = await sampleUrl(path);
      const r = await get(url);
      expect(r.status, url).toBe(200);
      const answered = keysOf(r.body);
      const ep = endpoints.find((e) => e.path === path && e.response);
      const schema = ep?.response ? declared(ep.response as z.ZodType) : new Set<string>();
      // The walk reads the schema (a declared envelope key is found), so an absent field is a real absence.
      if (ep?.response) expect([...schema].some((k) => answered.has(k)), path).toBe(true);
      for (const f of fields) {
        expect(answered.has(f), `${url} answers ${f}`).toBe(false);
        expect(schema.has(f), `${path} declares ${f}`).toBe(false);
      }
    }
  });
});
