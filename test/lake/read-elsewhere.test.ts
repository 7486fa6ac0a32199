/**
 * The lake read by an engine other than DuckDB (issue 10, docs/lake.md): hyparquet, a pure-JavaScript Parquet
 * reader, walks `<data>/current` (the stable path to the published version) and finds the manifest's row counts in
 * every table, and decodes the zstd pages of a fact table whose rows sit in their Hive `date=` folder.
 * And every example of docs/lake.md over the test lake (issue 28): the SQL runs in the project's DuckDB wrapper, the
 * JavaScript runs in node, the Python ones (no Python here) have their paths, globs, file lists and columns checked.
 */
import { execFile } from 'node:child_process';
import { closeSync, fstatSync, promises as fs, mkdtempSync, openSync, readSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { asyncBufferFromFile, parquetMetadataAsync, parquetReadObjects } from 'hyparquet';
import { compressors } from 'hyparquet-compressors';
import { lakeDir, testManifest } from '../helpers/lake.ts';
import { Db, type Row } from '../../src/duckdb/duck.ts';
import { budget } from '../helpers/budget.ts';
import { allDatasets } from '../../src/lake/datasets/index.ts';
import { keysOnly } from '../../src/lake/datasets/growth.ts';

/** The files under `dir` whose names end with `ext`, recursively. */
async function filesEnding(dir: string, ext: string): Promise<string[]> {
  const out: string[] = [];
  for (const e of await fs.readdir(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...(await filesEnding(p, ext)));
    else if (e.name.endsWith(ext)) out.push(p);
  }
  return out;
}

/** A key file's row count, from its footer as the format documents it (key-files.ts: magic, then u64 fields; the 4th is rows). */
function keyFileRows(file: string): number {
  const fd = openSync(file, 'r');
  try {
    const size = fstatSync(fd).size;
    const footer = Buffer.alloc(128);
    readSync(fd, footer, 0, 128, size - 128);
    expect(footer.toString('latin1', 0, 8), file).toBe('TLKEYS01');
    return Number(footer.readBigUInt64LE(8 + 3 * 8));
  } finally {
    closeSync(fd);
  }
}

async function rowsIn(files: string[]): Promise<number> {
  let n = 0;
  for (const f of files) n += Number((await parquetMetadataAsync(await asyncBufferFromFile(f))).num_rows);
  return n;
}

describe('the lake read without DuckDB', () => {
  it('`current` points at the published version, and every table holds the manifest row count', async () => {
    const m = await testManifest();
    const current = path.join(lakeDir(), 'current');
    expect(path.basename(await fs.readlink(current))).toBe(m.version);
    const got: Record<string, number> = {};
    const want: Record<string, number> = {};
    const keysOnlyNames = allDatasets.filter((d) => keysOnly(d)).map((d) => d.name);
    for (const [name, t] of Object.entries(m.tables)) {
      const oneFile = { dimension: 'dim', snapshot: 'snap', reference: 'ref' }[t.kind as string];
      const where = oneFile ? [path.join(current, oneFile, `${name}.parquet`)] : await filesEnding(path.join(current, t.kind, name), '.parquet').catch(() => []);
      // A keys-only copy (docs/lake.md) has no Parquet at all: its rows are in its key files only.
      if (keysOnlyNames.includes(name)) {
        expect(where, name).toEqual([]);
        got[name] = (await filesEnding(path.join(current, t.kind, name), '.keys').catch(() => [])).reduce((a, f) => a + keyFileRows(f), 0);
      } else got[name] = t.rows === 0 && where.length === 0 ? 0 : await rowsIn(where);
      want[name] = t.rows;
    }
    expect(keysOnlyNames.filter((n) => (want[n] ?? 0) > 0).length, 'keys-only copies with rows in the test lake').toBeGreaterThan(4);
    expect(got).toEqual(want);
  });

  it('decodes the transactions of each day folder: the manifest count per day, every row inside its day', async () => {
    const m = await testManifest();
    const parts = m.tables.transactions!.partitions!;
    const days = Object.keys(parts).sort();
    // First, middle and last day (decoding all 80 k rows in JS is not the point).
    for (const day of [days[0]!, days[Math.floor(days.length / 2)]!, days[days.length - 1]!]) {
      const [only] = parts[day]!.files!;
      const file = path.join(lakeDir(), 'current', 'raw', 'transactions', `date=${day}`, `part-${only!.id}.parquet`);
      const rows = await parquetReadObjects({ file: await asyncBufferFromFile(file), columns: ['tx_hash', 'timestamp'], compressors });
      expect(rows.length, day).toBe(parts[day]!.rows);
      const outside = rows.filter((r) => new Date(Number(r.timestamp)).toISOString().slice(0, 10) !== day);
      expect(outside, day).toEqual([]);
      expect(rows.every((r) => /^[0-9a-f]{64}$/.test(String(r.tx_hash)))).toBe(true);
    }
  });
});

const ROOT = path.resolve(import.meta.dirname, '../..');
const DOC = path.join(ROOT, 'docs', 'lake.md');
/** The data folder the doc's examples name. */
const DOC_DATA = 'data/default';

/** The fenced code blocks of docs/lake.md, in order, with their language. */
async function codeBlocks(): Promise<{ lang: string; code: string }[]> {
  const text = await fs.readFile(DOC, 'utf8');
  return [...text.matchAll(/^```(\w*)\n([\s\S]*?)^```$/gm)].map((m) => ({ lang: m[1]!, code: m[2]! }));
}

/** The doc's code with its data folder pointed at the test lake. */
const onTestLake = (code: string): string => code.split(DOC_DATA).join(lakeDir());

let duck: Db | undefined;
/** The project's DuckDB wrapper (src/duckdb/duck.ts), opened once for this file, as a reader of the doc would. */
async function doc_sql(query: string): Promise<Row[]> {
  duck ??= await Db.open({ threads: 1 });
  return duck.all(query);
}
afterAll(() => duck?.close());

/** Files under `dir` matching a glob of `*` segments (the only wildcard the doc's globs use besides `**`). */
async function globFiles(pattern: string): Promise<string[]> {
  const parts = pattern.split('/');
  let found = [parts[0] === '' ? '/' : parts[0]!];
  for (const seg of parts.slice(1)) {
    const next: string[] = [];
    for (const base of found) {
      if (!seg.includes('*')) {
        const p = path.join(base, seg);
        if (await fs.stat(p).then(() => true, () => false)) next.push(p);
        continue;
      }
      const re = new RegExp(`^${seg.split('*').map((x) => x.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`);
      for (const e of await fs.readdir(base).catch(() => [] as string[])) if (re.test(e)) next.push(path.join(base, e));
    }
    found = next;
  }
  return found;
}

/** Column names of the Parquet files of `glob` (with the Hive partition columns), read by DuckDB. */
async function columnsOf(glob: string): Promise<string[]> {
  const rows = await doc_sql(`DESCRIBE SELECT * FROM read_parquet('${glob}', hive_partitioning = true)`);
  return rows.map((r) => String(r.column_name));
}

describe('docs/lake.md examples on the test lake', () => {
  it('the layout table names the folders a version holds, and the file names it describes', async () => {
    const doc = await fs.readFile(DOC, 'utf8');
    const m = await testManifest();
    const current = path.join(lakeDir(), 'current');
    const folders = (await fs.readdir(current, { withFileTypes: true })).filter((e) => e.isDirectory()).map((e) => e.name);
    for (const f of folders) expect(doc, f).toContain(`| \`${f}/`);
    const kinds = { raw: 'raw', dimension: 'dim', snapshot: 'snap', reference: 'ref' } as const;
    for (const [name, t] of Object.entries(m.tables)) {
      const k = kinds[t.kind as keyof typeof kinds];
      if (k && k !== 'raw') expect(doc, `${k}/${name}`).toMatch(new RegExp(`\\| \`${k}/[^|]*\\|[^|]*\`${name}\``));
    }
    // Raw file names: part-<first>-<last>.parquet, 12 digits each, as the manifest's file ids.
    for (const [day, part] of Object.entries(m.tables.transactions!.partitions!)) {
      const names = (await fs.readdir(path.join(current, 'raw', 'transactions', `date=${day}`))).sort();
      expect(names, day).toEqual(part.files!.map((f) => `part-${f.id}.parquet`).sort());
      for (const n of names) expect(n).toMatch(/^part-\d{12}-\d{12}\.parquet$/);
    }
  });

  it('the DuckDB SQL block runs: its day counts are the manifest\'s, its address query reads one bucket', async () => {
    const blocks = (await codeBlocks()).filter((b) => b.lang === 'sql');
    expect(blocks.length).toBe(1);
    const statements = onTestLake(blocks[0]!.code).split(/;\s*(?:\n|$)/).map((q) => q.trim()).filter((q) => q.replace(/--.*$/gm, '').trim());
    expect(statements.length).toBe(2);
    const m = await testManifest();
    const parts = m.tables.transactions!.partitions!;
    const days = await doc_sql(statements[0]!);
    const want = Object.keys(parts).filter((d) => d >= '2026-10-01' && d <= '2026-10-07').sort();
    expect(want.length).toBeGreaterThan(0);
    expect(days.map((r) => String(r.date))).toEqual(want);
    for (const r of days) expect(Number(r.txs), String(r.date)).toBe(parts[String(r.date)]!.rows);
    // The address query, verbatim, then for an address of the lake: its rows are the address's, newest first.
    await doc_sql(statements[1]!);
    const [busy] = await doc_sql(
      `SELECT owner_address AS a FROM read_parquet('${lakeDir()}/current/raw/transactions/*/*.parquet') GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`,
    );
    const a = String(busy!.a);
    const rows = await doc_sql(statements[1]!.split("'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'").join(`'${a}'`));
    expect(rows.length).toBe(20);
    expect(rows.every((r) => r.address === a)).toBe(true);
    const times = rows.map((r) => Number(r.timestamp));
    expect(times).toEqual([...times].sort((x, y) => y - x));
  });

  it("the Python DuckDB block's manifest file list holds every row of an address", async () => {
    const py = (await codeBlocks()).filter((b) => b.lang === 'python' && b.code.includes('import json, duckdb'));
    expect(py.length).toBe(1);
    const code = py[0]!.code;
    expect(code).toContain('m["tables"]["address_transactions"]["runs"]');
    expect(code).toContain('derived/address_transactions/bucket={f[\'bucket\']}/{f[\'name\']}');
    // The same selection in TypeScript over the test lake's manifest.
    const m = await testManifest();
    const [busy] = await doc_sql(
      `SELECT address AS a FROM read_parquet('${lakeDir()}/current/derived/address_transactions/*/*.parquet', hive_partitioning = true) GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`,
    );
    const a = String(busy!.a);
    const runs = (m.tables.address_transactions as unknown as { runs: { files: { bucket: number; name: string; min: string; max: string }[] }[] }).runs;
    const files = runs.flatMap((r) => r.files.filter((f) => f.min <= a && a <= f.max))
      .map((f) => `${lakeDir()}/current/derived/address_transactions/bucket=${f.bucket}/${f.name}`);
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) await fs.access(f);
    const list = files.map((f) => `'${f}'`).join(', ');
    const [inFiles] = await doc_sql(`SELECT count(*) AS n FROM read_parquet([${list}]) WHERE address = '${a}'`);
    const [inAll] = await doc_sql(`SELECT count(*) AS n FROM read_parquet('${lakeDir()}/current/derived/address_transactions/*/*.parquet') WHERE address = '${a}'`);
    expect(Number(inFiles!.n)).toBeGreaterThan(0);
    expect(Number(inFiles!.n)).toBe(Number(inAll!.n));
  });

  it('the Polars and Spark blocks name paths, a date-typed partition and columns that exist', async () => {
    const py = (await codeBlocks()).filter((b) => b.lang === 'python' && !b.code.includes('import json, duckdb'));
    expect(py.length).toBe(2);
    for (const { code } of py) {
      for (const [, p] of code.matchAll(/"(data\/default\/[^"]*)"/g)) {
        const where = onTestLake(p!);
        const files = where.includes('*') ? await globFiles(where) : await globFiles(`${where}/*/*.parquet`);
        expect(files.length, p).toBeGreaterThan(0);
        const cols = await columnsOf(where.includes('*') ? where : `${where}/*/*.parquet`);
        for (const [, c] of code.matchAll(/(?:pl\.col|groupBy|group_by)\("(\w+)"\)/g)) expect(cols, c).toContain(c);
        expect(cols).toContain('date');
      }
      // The date partition is compared with a date, never with a string (Polars and Spark read it as a date).
      expect(code).not.toMatch(/"date"\)\s*[<>=]+\s*"/);
      expect(code).toMatch(/dt\.date\(\d{4}, \d{1,2}, \d{1,2}\)|DATE'\d{4}-\d{2}-\d{2}'/);
    }
    // DuckDB, like the other two, reads the date= folders as a DATE column.
    const [t] = await doc_sql(`SELECT typeof("date") AS t FROM read_parquet('${lakeDir()}/current/raw/transactions/*/*.parquet', hive_partitioning = true) LIMIT 1`);
    expect(t!.t).toBe('DATE');
  });

  it('the hyparquet block runs in node and prints the manifest count of the newest day', async () => {
    const js = (await codeBlocks()).filter((b) => b.lang === 'js');
    expect(js.length).toBe(1);
    // A scratch folder whose node_modules is the project's, so the example's bare imports resolve as in a project.
    const dir = mkdtempSync(path.join(os.tmpdir(), 'tronlake-lake-doc-'));
    try {
      symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
      const file = path.join(dir, 'example.mjs');
      writeFileSync(file, onTestLake(js[0]!.code));
      const { stdout } = await promisify(execFile)(process.execPath, [file], { cwd: dir, timeout: 120_000 });
      const [day, rows, want] = stdout.trim().split(' ');
      const m = await testManifest();
      const days = Object.keys(m.tables.transactions!.partitions!).sort();
      expect(day).toBe(days[days.length - 1]);
      expect(Number(rows)).toBe(m.tables.transactions!.partitions![day!]!.rows);
      expect(Number(rows)).toBe(Number(want));
      expect(Number(rows)).toBeGreaterThan(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, budget(60));
});
