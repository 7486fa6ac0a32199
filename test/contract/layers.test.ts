/**
 * The layer order of imports (ARCHITECTURE §2, issue 29): every file of src/ and datasets/ belongs to one unit, the
 * units stand in the layers of `LAYERS` (declared here once, ground first), and a file imports only its own unit or a
 * unit of a lower layer. Units of one layer are peers and import each other not at all (each SPEC §4 section folder
 * of src/endpoints is a peer of the others: what two sections share lives in src/endpoints/shapes). No import cycle
 * between files either. The graph is read with TypeScript's own scanner (`ts.preProcessFile`: static imports,
 * `import type`, `export … from`, `import()` of a literal), so a failure names the file and the import.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Ground first. A unit is a top-level file or folder of src/ (or of datasets/); see `unitOf` for src/endpoints. */
const LAYERS: readonly (readonly string[])[] = [
  ['src/chain', 'src/duckdb', 'src/wire', 'src/progress.ts', 'src/cli-flags.ts', 'src/cli-command.ts', 'src/serve-settings.ts', 'src/time.ts'],
  ['src/config.ts', 'src/lake', 'src/params'],
  ['src/engine'],
  ['datasets/generate', 'datasets/ingest', 'src/endpoints/kit'],
  ['src/endpoints/shapes'],
  ['src/endpoints/<section>'],
  ['src/endpoints/index.ts'],
  ['src/http'],
  ['src/bench'],
  ['src/cli.ts'],
];

/** The unit of a repository path: a section folder of src/endpoints is a unit of its own in the `<section>` layer. */
export function unitOf(file: string): { unit: string; layerKey: string } {
  const s = file.split('/');
  if (s[0] === 'src' && s[1] === 'endpoints' && s.length > 3 && s[2] !== 'kit' && s[2] !== 'shapes') {
    return { unit: `src/endpoints/${s[2]}`, layerKey: 'src/endpoints/<section>' };
  }
  const depth = s[0] === 'src' && s[1] === 'endpoints' ? 3 : 2;
  const unit = s.length > depth ? s.slice(0, depth).join('/') : file;
  return { unit, layerKey: unit };
}

export interface Import {
  from: string;
  to: string;
  /** The specifier as written. */
  spec: string;
}

/** Back-edges and peer edges of `imports` under `layers`, and files of no declared unit, as messages. */
export function layerViolations(imports: readonly Import[], files: readonly string[], layers: readonly (readonly string[])[]): string[] {
  const rank = new Map<string, number>();
  layers.forEach((l, i) => l.forEach((u) => rank.set(u, i)));
  const out: string[] = [];
  for (const f of files) if (!rank.has(unitOf(f).layerKey)) out.push(`${f}: its unit ${unitOf(f).unit} stands in no layer (LAYERS in test/contract/layers.test.ts)`);
  for (const i of imports) {
    const a = unitOf(i.from);
    const b = unitOf(i.to);
    if (a.unit === b.unit) continue;
    const ra = rank.get(a.layerKey);
    const rb = rank.get(b.layerKey);
    if (ra === undefined || rb === undefined) continue;
    if (rb > ra) out.push(`${i.from} imports '${i.spec}' (${b.unit}, layer ${rb}) from layer ${ra}: runs back up`);
    else if (rb === ra) out.push(`${i.from} imports '${i.spec}' (${b.unit}): a peer of ${a.unit} in layer ${ra}`);
  }
  return out;
}

/** Import cycles between files (strongly connected components of more than one file, or a file importing itself). */
export function importCycles(imports: readonly Import[]): string[][] {
  const next = new Map<string, string[]>();
  for (const i of imports) next.set(i.from, [...(next.get(i.from) ?? []), i.to]);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  let n = 0;
  const visit = (v: string): void => {
    index.set(v, n);
    low.set(v, n++);
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const scc: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1 || (next.get(v) ?? []).includes(v)) out.push(scc.sort());
    }
  };
  for (const v of [...next.keys()].sort()) if (!index.has(v)) visit(v);
  return out;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) return sourceFiles(rel);
    return /\.(ts|mts|mjs)$/.test(e.name) && !e.name.endsWith('.d.ts') ? [rel] : [];
  });
}

/** The relative imports of every source file of src/ and datasets/; an import of a source file outside them is listed apart. */
function readGraph(): { files: string[]; imports: Import[]; outside: string[] } {
  const files = [...sourceFiles('src'), ...sourceFiles('datasets')];
  const known = new Set(files);
  const imports: Import[] = [];
  const outside: string[] = [];
  for (const from of files) {
    for (const ref of ts.preProcessFile(readFileSync(path.join(ROOT, from), 'utf8'), true, true).importedFiles) {
      const spec = ref.fileName;
      if (!spec.startsWith('.')) continue;
      const to = path.posix.normalize(path.posix.join(path.posix.dirname(from), spec));
      if (known.has(to)) imports.push({ from, to, spec });
      else if (/\.(ts|mts|mjs|js)$/.test(to)) outside.push(`${from} imports '${spec}': not a source file of src/ or datasets/`);
    }
  }
  return { files, imports, outside };
}

describe('layer order of imports', () => {
  const graph = readGraph();

  it('reads the import graph of src/ and datasets/', () => {
    expect(graph.files.length).toBeGreaterThan(100);
    expect(graph.imports.length).toBeGreaterThan(500);
    expect(graph.outside).toEqual([]);
  });

  it('has no import that runs back up a layer or across peers, and every file stands in a layer', () => {
    expect(layerViolations(graph.imports, graph.files, LAYERS)).toEqual([]);
  });

  it('has no import cycle between files', () => {
    expect(importCycles(graph.imports)).toEqual([]);
  });

  it('the checks name what they find (a back-edge, a peer edge, a cycle, a file of no layer)', () => {
    const files = ['src/wire/a.ts', 'src/http/b.ts', 'src/endpoints/token/c.ts', 'src/endpoints/account/d.ts', 'src/new/e.ts'];
    const imports: Import[] = [
      { from: 'src/wire/a.ts', to: 'src/http/b.ts', spec: '../http/b.ts' },
      { from: 'src/http/b.ts', to: 'src/wire/a.ts', spec: '../wire/a.ts' },
      { from: 'src/endpoints/token/c.ts', to: 'src/endpoints/account/d.ts', spec: '../account/d.ts' },
    ];
    const found = layerViolations(imports, files, LAYERS);
    expect(found).toEqual([
      'src/new/e.ts: its unit src/new stands in no layer (LAYERS in test/contract/layers.test.ts)',
      "src/wire/a.ts imports '../http/b.ts' (src/http, layer 7) from layer 0: runs back up",
      "src/endpoints/token/c.ts imports '../account/d.ts' (src/endpoints/account): a peer of src/endpoints/token in layer 5",
    ]);
    expect(importCycles(imports)).toEqual([['src/http/b.ts', 'src/wire/a.ts']]);
  });
});
