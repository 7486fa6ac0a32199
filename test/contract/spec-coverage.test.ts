/**
 * Contract test (ARCHITECTURE §2): the registry against the spec in both directions. Every registered path must be
 * in SPEC.md (or in docs/extensions.md); the spec paths not yet served are listed, and coverage is printed.
 */
import { readFileSync, existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { endpoints } from '../../src/endpoints/index.ts';

const SPEC = new URL('../../../shared/spec/SPEC.md', import.meta.url);
const EXTENSIONS = new URL('../../docs/extensions.md', import.meta.url);

/** `METHOD /path` of every endpoint row of a markdown document's tables. */
function tablePaths(text: string): Set<string> {
  const out = new Set<string>();
  for (const m of text.matchAll(/^\|\s*(GET|POST)\s+(\/[^\s|]+)/gm)) out.add(`${m[1]} ${m[2]}`);
  return out;
}

describe('registry vs SPEC.md', () => {
  const spec = tablePaths(readFileSync(SPEC, 'utf8'));
  const extensions = existsSync(EXTENSIONS) ? tablePaths(readFileSync(EXTENSIONS, 'utf8')) : new Set<string>();
  const registered = endpoints.map((e) => `${e.method} ${e.path}`);

  it('reads the spec (about 126 endpoints in 12 groups)', () => {
    expect(spec.size).toBeGreaterThanOrEqual(120);
    expect(spec.has('GET /api/block')).toBe(true);
    expect(spec.has('POST /api/contracts/smart-contract-triggers-batch')).toBe(true);
  });

  it('registers every path at most once', () => {
    expect(new Set(registered).size).toBe(registered.length);
  });

  it('serves only paths of the spec or of docs/extensions.md', () => {
    const unknown = registered.filter((p) => !spec.has(p) && !extensions.has(p));
    expect(unknown).toEqual([]);
  });

  it('reports coverage', () => {
    const covered = [...spec].filter((p) => registered.includes(p));
    const missing = [...spec].filter((p) => !registered.includes(p));
    console.log(`spec coverage: ${covered.length} of ${spec.size} endpoints registered; not yet served: ${missing.length}`);
    expect(covered.length).toBe(registered.filter((p) => spec.has(p)).length);
  });
});
