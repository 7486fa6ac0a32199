/**
 * Where the bytes of lakes are, by dataset and kind of file (Parquet, key files, DuckDB lookup files), side by side:
 * the same lake before and after a change of layout (e.g. a hard-linked copy rederived by another release), or two
 * profiles. Sizes are the files' own (apparent) sizes, in MB (10^6 bytes), and bytes per transaction of each lake.
 *
 *   npx tsx bench/lake-files.ts --lakes 'before=/work/lakes/s25,after=/work/lakes/s25k' [--min-mb 5] [--out FILE]
 *
 * Each `name=DIR` is a published lake (its `current` version is read).
 */
import { readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseFlags } from '../src/cli-flags.ts';
import { readManifest } from '../src/lake/manifest.ts';

const KINDS = ['parquet', 'keys', 'duckdb'] as const;
type Kind = (typeof KINDS)[number];

/** Bytes of each kind of file under `dir`, recursively. */
function bytesByKind(dir: string, into: Record<Kind, number>): void {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) bytesByKind(p, into);
    else {
      const kind = KINDS.find((k) => e.name.endsWith(`.${k}`));
      if (kind) into[kind] += statSync(p).size;
    }
  }
}

async function main(): Promise<void> {
  const f = parseFlags(process.argv.slice(2));
  const lakes = (f.lakes ?? '').split(',').filter(Boolean).map((x) => {
    const [name, dir] = x.split(/=(.*)/s);
    return { name: name!, dir: dir! };
  });
  const minMb = Number(f['min-mb'] ?? 5);
  const out = f.out;
  if (!lakes.length || lakes.some((l) => !l.dir)) throw new Error("--lakes 'name=DIR,name=DIR' is required (one or more)");
  const per = new Map<string, Map<string, Record<Kind, number>>>();
  const head: string[] = [];
  const txs: number[] = [];
  for (const lake of lakes) {
    const m = await readManifest(lake.dir);
    if (!m) throw new Error(`no published lake in ${lake.dir}`);
    const tx = m.tables.transactions?.rows ?? 0;
    txs.push(tx);
    head.push(`- **${lake.name}**: \`${lake.dir}\`, version ${m.version}, ${tx.toLocaleString('en-US')} transactions`);
    const version = join(lake.dir, 'current');
    for (const kind of ['raw', 'derived', 'snap', 'dim', 'ref']) {
      let names: string[] = [];
      try {
        names = readdirSync(join(version, kind));
      } catch {
        continue;
      }
      for (const n of names) {
        const key = `${kind}/${n.replace(/\.parquet$/, '')}`;
        const b: Record<Kind, number> = { parquet: 0, keys: 0, duckdb: 0 };
        const p = join(version, kind, n);
        if (statSync(p).isDirectory()) bytesByKind(p, b);
        else b.parquet += statSync(p).size;
        if (!per.has(key)) per.set(key, new Map());
        per.get(key)!.set(lake.name, b);
      }
    }
  }
  const mb = (x: number): string => (x / 1e6).toFixed(1);
  const total = (b: Record<Kind, number> | undefined): number => (b ? b.parquet + b.keys + b.duckdb : 0);
  const cells = (b: Record<Kind, number> | undefined): string[] => (b ? [mb(b.parquet), mb(b.keys), mb(b.duckdb), mb(total(b))] : ['–', '–', '–', '–']);
  const rows = [...per].filter(([, by]) => Math.max(...[...by.values()].map(total)) >= minMb * 1e6)
    .sort(([, a], [, b]) => Math.max(...[...b.values()].map(total)) - Math.max(...[...a.values()].map(total)));
  const lines = [
    `# Lake bytes by dataset and file kind`,
    '',
    `\`npx tsx bench/lake-files.ts ${process.argv.slice(2).join(' ')}\`, ${new Date().toISOString()}. MB = 10^6 bytes, apparent sizes; datasets of ${minMb} MB or more in any lake.`,
    '',
    ...head,
    '',
    `| dataset | ${lakes.map((l) => `${l.name} parquet | ${l.name} keys | ${l.name} duckdb | ${l.name} total`).join(' | ')} |`,
    `|---|${lakes.map(() => '---:|---:|---:|---:').join('|')}|`,
    ...rows.map(([name, by]) => `| ${name} | ${lakes.flatMap((l) => cells(by.get(l.name))).join(' | ')} |`),
  ];
  const sums = lakes.map((l) => {
    const s: Record<Kind, number> = { parquet: 0, keys: 0, duckdb: 0 };
    for (const by of per.values()) for (const k of KINDS) s[k] += by.get(l.name)?.[k] ?? 0;
    return s;
  });
  lines.push(`| **all** | ${sums.flatMap((s) => cells(s)).join(' | ')} |`, '');
  for (const [i, l] of lakes.entries()) {
    const t = total(sums[i]);
    lines.push(`- ${l.name}: ${mb(t)} MB in all, ${txs[i] ? Math.round(t / txs[i]!) : '–'} B per transaction${i > 0 ? ` (${(t / total(sums[0])).toFixed(3)} of ${lakes[0]!.name})` : ''}`);
  }
  const text = `${lines.join('\n')}\n`;
  if (out) writeFileSync(out, text);
  process.stdout.write(text);
}

await main();
