/**
 * READMEs state rules (ARCHITECTURE §8, issue 29): every folder of src/, sql/ and datasets/ has a README.md of at most
 * 60 lines; measurements and history go to bench/results or docs/ (e.g. docs/generator.md, docs/ingester.md). A folder
 * waiting for its README is named in `PENDING` with the reason, and a stale entry fails.
 *
 * test/ and bench/ keep the same rule for the READMEs they have: test/ and bench/ themselves have one, and every
 * README.md at any depth under them (node_modules and bench/results, the measurements, skipped) has at most 60 lines
 * (the suite's measurements: bench/results/suite-time.md; reasons: docs/testing.md, docs/bench.md). A subfolder of
 * either needs none: test/ mirrors src/, sql/ and datasets/, whose READMEs carry the rules.
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

/** Lines of a README as counted by the rule (a final newline ends the last line, it does not start another). */
function lineCount(file: string): number {
  return readFileSync(file, 'utf8').replace(/\n$/, '').split('\n').length;
}

/** Folders under test/ and bench/ whose READMEs the rule reads: not node_modules, not bench/results (measurements). */
const NOT_RULES = new Set(['bench/results']);
function ruleFolders(dir: string): string[] {
  return [
    dir,
    ...readdirSync(path.join(ROOT, dir), { withFileTypes: true })
      .filter((e) => e.isDirectory() && e.name !== 'node_modules' && !NOT_RULES.has(`${dir}/${e.name}`))
      .flatMap((e) => ruleFolders(`${dir}/${e.name}`)),
  ];
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
        const lines = lineCount(f);
        if (lines > MAX_LINES) offenders.push(`${d}/README.md: ${lines} lines (at most ${MAX_LINES})`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it('test/ and bench/ have a README.md, and every README.md under them has at most 60 lines', () => {
    const offenders: string[] = [];
    for (const top of ['test', 'bench']) if (!existsSync(path.join(ROOT, top, 'README.md'))) offenders.push(`${top}: no README.md`);
    for (const d of [...ruleFolders('test'), ...ruleFolders('bench')]) {
      const f = path.join(ROOT, d, 'README.md');
      if (!existsSync(f)) continue;
      const lines = lineCount(f);
      if (lines > MAX_LINES) offenders.push(`${d}/README.md: ${lines} lines (at most ${MAX_LINES})`);
    }
    expect(offenders).toEqual([]);
  });

  it('names no folder in PENDING that exists no more or already keeps the rule', () => {
    const stale = [...PENDING.keys()].filter((d) => {
      const f = path.join(ROOT, d, 'README.md');
      return !existsSync(path.join(ROOT, d)) || (existsSync(f) && lineCount(f) <= MAX_LINES);
    });
    expect(stale).toEqual([]);
  });
});
