/**
 * READMEs state rules (ARCHITECTURE §8, issue 29): every folder of src/, sql/ and datasets/ has a README.md of at most
 * 60 lines; measurements and history go to bench/results or docs/ (e.g. docs/generator.md, docs/ingester.md). A folder
 * waiting for its README is named in `PENDING` with the reason, and a stale entry fails.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const MAX_LINES = 60;

/** Folder → why its README is not yet within the rule (the lake restructuring of issue 29 rewrites these). */
const PENDING = new Map<string, string>([]);

function folders(dir: string): string[] {
  return [dir, ...readdirSync(path.join(ROOT, dir), { withFileTypes: true }).filter((e) => e.isDirectory()).flatMap((e) => folders(`${dir}/${e.name}`))];
}

describe('READMEs', () => {
  const all = [...folders('src'), ...folders('sql'), ...folders('datasets')];

  it('every folder of src/, sql/ and datasets/ has a README.md of at most 60 lines', () => {
    const offenders: string[] = [];
    for (const d of all) {
      if (PENDING.has(d) || [...PENDING.keys()].some((p) => d.startsWith(`${p}/`))) continue;
      const f = path.join(ROOT, d, 'README.md');
      if (!existsSync(f)) offenders.push(`${d}: no README.md`);
      else {
        const lines = readFileSync(f, 'utf8').replace(/\n$/, '').split('\n').length;
        if (lines > MAX_LINES) offenders.push(`${d}/README.md: ${lines} lines (at most ${MAX_LINES})`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it('names no folder in PENDING that exists no more or already keeps the rule', () => {
    const stale = [...PENDING.keys()].filter((d) => {
      const f = path.join(ROOT, d, 'README.md');
      return !existsSync(path.join(ROOT, d)) || (existsSync(f) && readFileSync(f, 'utf8').replace(/\n$/, '').split('\n').length <= MAX_LINES);
    });
    expect(stale).toEqual([]);
  });
});
