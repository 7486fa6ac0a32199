/**
 * Contract test (ARCHITECTURE §2): the registry against the spec, read from the project's own copy of it
 * (docs/api/endpoints.json, written from SPEC.md as data), in both directions. Every registered path must be in
 * the spec (or in docs/extensions.md); every parameter the spec lists for a served endpoint must be one its
 * declaration reads; coverage is printed.
 */
import { readFileSync, existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { endpoints } from '../../src/endpoints/index.ts';
import { schemaKeys } from '../helpers/schema.ts';

interface SpecParameter {
  name: string;
  in: 'query' | 'body';
  type: string;
  required: boolean;
}
interface SpecEndpoint {
  method: 'GET' | 'POST';
  path: string;
  group: string;
  parameters: SpecParameter[];
  requiresKey: boolean;
  csv: boolean;
}

const ENDPOINTS_JSON = new URL('../../docs/api/endpoints.json', import.meta.url);
const EXTENSIONS = new URL('../../docs/extensions.md', import.meta.url);

/** `METHOD /path` of every endpoint row of a markdown document's tables. */
function tablePaths(text: string): Set<string> {
  const out = new Set<string>();
  for (const m of text.matchAll(/^\|\s*(GET|POST)\s+(\/[^\s|]+)/gm)) out.add(`${m[1]} ${m[2]}`);
  return out;
}

describe('registry vs docs/api/endpoints.json (the spec as data)', () => {
  const doc = JSON.parse(readFileSync(ENDPOINTS_JSON, 'utf8')) as { count: number; endpoints: SpecEndpoint[] };
  const spec = new Map(doc.endpoints.map((e) => [`${e.method} ${e.path}`, e]));
  const extensions = existsSync(EXTENSIONS) ? tablePaths(readFileSync(EXTENSIONS, 'utf8')) : new Set<string>();
  const registered = endpoints.map((e) => `${e.method} ${e.path}`);

  it('holds the 126 endpoints of the spec, each once, with well-formed parameters', () => {
    expect(doc.endpoints.length).toBe(126);
    expect(doc.count).toBe(126);
    expect(spec.size).toBe(126);
    expect(spec.get('GET /api/block')?.parameters.map((p) => p.name)).toContain('start_timestamp');
    expect(spec.get('POST /api/contracts/smart-contract-triggers-batch')?.parameters.every((p) => p.in === 'body')).toBe(true);
    expect([...spec.values()].filter((e) => e.requiresKey).map((e) => e.path)).toEqual(['/api/deep/stableCoin/totalSupply/keyEvents']);
    for (const e of doc.endpoints) {
      const names = e.parameters.map((p) => p.name);
      expect(new Set(names).size, `${e.path}: a parameter listed twice`).toBe(names.length);
      for (const p of e.parameters) expect(['integer', 'number', 'string', 'boolean', 'address', 'array']).toContain(p.type);
    }
  });

  it('registers every path at most once', () => {
    expect(new Set(registered).size).toBe(registered.length);
  });

  it('serves only paths of the spec or of docs/extensions.md', () => {
    const unknown = registered.filter((p) => !spec.has(p) && !extensions.has(p));
    expect(unknown).toEqual([]);
  });

  it('reads every parameter the spec lists for a served endpoint', () => {
    const unread: string[] = [];
    for (const ep of endpoints) {
      const s = spec.get(`${ep.method} ${ep.path}`);
      if (!s) continue;
      const keys = schemaKeys(ep.params as z.ZodType);
      expect(keys, `${ep.path}: no zod object schema found`).toBeDefined();
      for (const p of s.parameters) if (!keys?.includes(p.name)) unread.push(`${ep.path} ${p.name}`);
    }
    expect(unread).toEqual([]);
  });

  it('requires the key where the spec does, and offers CSV where it does', () => {
    for (const ep of endpoints) {
      const s = spec.get(`${ep.method} ${ep.path}`);
      if (!s) continue;
      if (s.requiresKey) expect(ep.requiresKey, ep.path).toBe(true);
      if (s.csv) expect(ep.csv, ep.path).toBeDefined();
    }
  });

  it('reports coverage', () => {
    const covered = [...spec.keys()].filter((p) => registered.includes(p));
    const missing = [...spec.keys()].filter((p) => !registered.includes(p));
    console.log(`spec coverage: ${covered.length} of ${spec.size} endpoints registered; not yet served: ${missing.length}`);
    expect(covered.length).toBe(registered.filter((p) => spec.has(p)).length);
  });
});
