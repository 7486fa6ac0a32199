/**
 * Checks a published version's Parquet files with a reader independent of DuckDB (hyparquet: pure JavaScript,
 * reads DuckDB's zstd and snappy pages through hyparquet-compressors; parquetjs-lite cannot decompress zstd).
 *
 * - `cheap` (serve, at start and before switching): every file has its magic bytes at both ends, a footer that
 *   parses, and the row counts of its footers match the manifest per dataset and per day partition. Reads only
 *   footers: milliseconds per file.
 * - `deep` (`tronlake verify`): also decodes every page of every column and checks the decoded row count, and checks
 *   each file's size and sha256 against the manifest's `files` (content-hash.ts): garbage in a data page that still
 *   decodes is found only there. A lake published before the hashes (no `files`) is checked without them
 *   (`hashes: false` in the report); with them, a file the list does not hold is a problem ("no hash recorded").
 *
 * A problem names the dataset and the file relative to the version folder; callers that answer HTTP show the
 * dataset only.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { parquetMetadata, parquetRead } from 'hyparquet';
import { compressors } from 'hyparquet-compressors';
import { createHash } from 'node:crypto';
import type { FileHash, Manifest } from './manifest.ts';
import { versionDir } from './manifest.ts';
import { hashFile } from './content-hash.ts';
import { derivedDatasets } from './datasets/index.ts';
import { keysOnly } from './datasets/growth.ts';
import { KeyFile } from './key-files.ts';

/** Datasets whose runs are key files alone (growth keysOnly): their files are those, checked by the key-file reader. */
const KEYS_ONLY = new Set(derivedDatasets.filter(keysOnly).map((d) => d.name));

export interface FileProblem {
  dataset: string;
  /** Path relative to the version folder, e.g. `raw/blocks/date=2026-10-01/part-0.parquet`. */
  file: string;
  problem: string;
}

export interface VerifyReport {
  version: string;
  files: number;
  rows: number;
  problems: FileProblem[];
  /** Whether files were checked against content hashes (false: deep off, or the manifest records none). */
  hashes: boolean;
}

const MAGIC = 'PAR1';

/** The dataset a file of a version folder belongs to, e.g. `raw/blocks/date=…/x.parquet` → `blocks`. */
export function datasetOfFile(relative: string): string | undefined {
  const parts = relative.split(/[\\/]/);
  if ((parts[0] === 'dim' || parts[0] === 'snap' || parts[0] === 'ref') && parts[1]) return parts[1].replace(/\.parquet$/, '');
  if ((parts[0] === 'raw' || parts[0] === 'derived') && parts[1]) return parts[1];
  return undefined;
}

/** Checks every file of the manifest's version, e.g. `await verifyVersion('data/tiny', m, { deep: true })`. */
export async function verifyVersion(
  dataDir: string,
  manifest: Manifest,
  opts: { deep: boolean; /** Before each dataset (progress display): how many are done, of how many, rows read so far. */ onDataset?: (done: number, total: number, name: string, rows: number) => void },
): Promise<VerifyReport> {
  const dir = versionDir(dataDir, manifest);
  const hashes = opts.deep ? manifest.files : undefined;
  const report: VerifyReport = { version: manifest.version, files: 0, rows: 0, problems: [], hashes: hashes !== undefined };
  const seen = new Set<string>();
  const entries = Object.entries(manifest.tables);
  for (const [i, [name, table]] of entries.entries()) {
    opts.onDataset?.(i, entries.length, name, report.rows);
    const oneFile = table.kind === 'dimension' ? 'dim' : table.kind === 'snapshot' ? 'snap' : table.kind === 'reference' ? 'ref' : null;
    const base = oneFile ?? path.join(table.kind, name);
    const files = oneFile
      ? (await exists(path.join(dir, oneFile, `${name}.parquet`)) ? [path.join(oneFile, `${name}.parquet`)] : [])
      : await listFiles(dir, base, KEYS_ONLY.has(name) ? '.keys' : '.parquet');
    if (table.rows !== 0 && files.length === 0) {
      report.problems.push({ dataset: name, file: base, problem: `no files (manifest: ${table.rows} rows)` });
      continue;
    }
    let rows = 0;
    const perDay = new Map<string, number>();
    let readable = true;
    // Footers are read several at a time (I/O bound); a deep check decodes one file at a time (memory).
    const results = await mapLimit(files, opts.deep ? 1 : 16, (rel) => {
      seen.add(rel);
      const expected = hashes ? (Object.hasOwn(hashes, rel) ? hashes[rel]! : null) : undefined;
      return (rel.endsWith('.keys') ? checkKeyFile : checkFile)(path.join(dir, rel), opts.deep, expected);
    });
    for (const [k, rel] of files.entries()) {
      report.files++;
      const r = results[k]!;
      if (typeof r === 'string') {
        readable = false;
        report.problems.push({ dataset: name, file: rel, problem: r });
        continue;
      }
      rows += r;
      const day = /date=([^/\\]+)/.exec(rel)?.[1];
      if (day) perDay.set(day, (perDay.get(day) ?? 0) + r);
    }
    report.rows += rows;
    if (!readable || table.rows < 0) continue; // counts of a dataset with an unreadable file say nothing more; < 0: unknown
    if (rows !== table.rows) report.problems.push({ dataset: name, file: base, problem: `${rows} rows in the files, ${table.rows} in the manifest` });
    for (const [day, p] of Object.entries(table.partitions ?? {})) {
      const got = perDay.get(day) ?? 0;
      if (got !== p.rows) report.problems.push({ dataset: name, file: path.join(base, `date=${day}`), problem: `${got} rows in the partition, ${p.rows} in the manifest` });
    }
    for (const day of perDay.keys()) {
      if (table.partitions && !(day in table.partitions)) report.problems.push({ dataset: name, file: path.join(base, `date=${day}`), problem: 'a partition the manifest does not list' });
    }
  }
  for (const [rel, want] of Object.entries(hashes ?? {})) {
    if (seen.has(rel)) continue;
    if (!(await exists(path.join(dir, rel)))) {
      report.problems.push({ dataset: datasetOfFile(rel) ?? 'unknown', file: rel, problem: 'missing (the manifest records its hash)' });
    } else if (rel.endsWith('.duckdb') || rel.endsWith('.keys')) {
      // A lookup or key file (growth.ts lookupFile, keyFile) is no Parquet: its bytes are checked against the hash alone.
      report.files++;
      const got = await hashFile(path.join(dir, rel));
      if (got.sha256 !== want.sha256 || got.bytes !== want.bytes) report.problems.push({ dataset: datasetOfFile(rel) ?? 'unknown', file: rel, problem: 'content differs from the manifest hash' });
    }
  }
  return report;
}

/**
 * The manifest to check an older version against: `<version>/manifest.json` when the folder has one, else one made
 * from the folder's datasets with unknown row counts (-1), so only the files themselves are checked.
 */
export async function versionManifest(dataDir: string, version: string): Promise<Manifest> {
  const dir = versionDir(dataDir, { version });
  if (!(await exists(dir))) throw new Error(`no version ${version} in ${path.resolve(dataDir)}`);
  const own = path.join(dir, 'manifest.json');
  if (await exists(own)) return JSON.parse(await fs.readFile(own, 'utf8')) as Manifest;
  const tables: Manifest['tables'] = {};
  for (const kind of ['raw', 'derived'] as const) {
    for (const name of await fs.readdir(path.join(dir, kind)).catch(() => [] as string[])) tables[name] = { kind, rows: -1 };
  }
  for (const [folder, kind] of [['dim', 'dimension'], ['snap', 'snapshot'], ['ref', 'reference']] as const) {
    for (const f of await fs.readdir(path.join(dir, folder)).catch(() => [] as string[])) {
      if (f.endsWith('.parquet')) tables[f.replace(/\.parquet$/, '')] = { kind, rows: -1 };
    }
  }
  const none = { number: 0, timestamp: 0 };
  return { format: 1, version, createdAt: '', refreshTime: 0, head: { ...none, hash: '' }, solidBlock: 0, first: none, source: {}, tables, fingerprint: '' };
}

/**
 * Rows of one file, or what is wrong with it. The cheap check reads the first 4 bytes and the footer only. `expected`:
 * the hash the manifest records (null: none for this file; undefined: hashes not checked).
 */
async function checkFile(file: string, deep: boolean, expected?: FileHash | null): Promise<number | string> {
  let fh: import('node:fs/promises').FileHandle;
  try {
    fh = await fs.open(file, 'r');
  } catch (e) {
    return `unreadable (${(e as NodeJS.ErrnoException).code ?? 'error'})`;
  }
  let tail: Buffer;
  let whole: Buffer | undefined;
  try {
    const size = (await fh.stat()).size;
    if (size < 12) return `too small (${size} bytes)`;
    const head = Buffer.alloc(4);
    await fh.read(head, 0, 4, 0);
    if (head.toString('latin1') !== MAGIC) return 'no Parquet magic bytes at the start';
    const end = Buffer.alloc(8);
    await fh.read(end, 0, 8, size - 8);
    if (end.toString('latin1', 4) !== MAGIC) return 'no Parquet magic bytes at the end (truncated?)';
    const footerLen = end.readUInt32LE(0);
    if (footerLen + 12 > size) return `footer length ${footerLen} exceeds the file (${size} bytes)`;
    if (deep) {
      whole = await fh.readFile();
      tail = whole;
    } else {
      tail = Buffer.alloc(footerLen + 8);
      await fh.read(tail, 0, footerLen + 8, size - footerLen - 8);
    }
  } finally {
    await fh.close();
  }
  const ab = (b: Buffer): ArrayBuffer => b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;
  let rows: number;
  let metadata: ReturnType<typeof parquetMetadata>;
  try {
    metadata = parquetMetadata(ab(tail));
    rows = Number(metadata.num_rows);
  } catch (e) {
    return `footer does not parse (${short(e)})`;
  }
  if (!whole) return rows;
  if (expected === null) return 'no hash recorded at publish';
  if (expected) {
    if (whole.length !== expected.bytes) return `${whole.length} bytes, ${expected.bytes} recorded at publish`;
    if (createHash('sha256').update(whole).digest('hex') !== expected.sha256) return 'content differs from the sha256 recorded at publish (damaged)';
  }
  try {
    let decoded = 0;
    await parquetRead({
      file: ab(whole),
      metadata,
      compressors,
      rowFormat: 'array',
      onChunk: (chunk) => {
        if (chunk.columnName === metadata.schema[1]?.name) decoded += chunk.rowEnd - chunk.rowStart;
      },
    });
    if (decoded !== rows) return `${decoded} rows decoded, ${rows} in the footer`;
  } catch (e) {
    return `a page does not decode (${short(e)})`;
  }
  return rows;
}

/**
 * Rows of one key file of a keys-only dataset, or what is wrong with it: the cheap check opens it (magic, footer,
 * meta); the deep one also checks its size and sha256 and reads every row block.
 */
async function checkKeyFile(file: string, deep: boolean, expected?: FileHash | null): Promise<number | string> {
  let k: KeyFile;
  try {
    k = KeyFile.open(file);
  } catch (e) {
    return `not a readable key file (${short(e)})`;
  }
  try {
    if (!deep) return k.rowCount;
    if (expected === null) return 'no hash recorded at publish';
    if (expected) {
      const got = await hashFile(file);
      if (got.bytes !== expected.bytes) return `${got.bytes} bytes, ${expected.bytes} recorded at publish`;
      if (got.sha256 !== expected.sha256) return 'content differs from the sha256 recorded at publish (damaged)';
    }
    let n = 0;
    for (const _ of k.scan()) n++;
    return n === k.rowCount ? n : `${n} rows read, ${k.rowCount} in the footer`;
  } catch (e) {
    return `a row block does not decode (${short(e)})`;
  } finally {
    k.close();
  }
}

async function mapLimit<T, R>(xs: readonly T[], limit: number, fn: (x: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(xs.length);
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(limit, xs.length) }, async () => {
    while (next < xs.length) {
      const i = next++;
      out[i] = await fn(xs[i]!);
    }
  }));
  return out;
}

function short(e: unknown): string {
  return (e instanceof Error ? e.message : String(e)).split('\n')[0]!.slice(0, 120);
}

async function exists(p: string): Promise<boolean> {
  return fs.stat(p).then(() => true, () => false);
}

/** The files under `dir/base` whose names end in `ext`, relative to `dir`, sorted. */
async function listFiles(dir: string, base: string, ext: '.parquet' | '.keys'): Promise<string[]> {
  const out: string[] = [];
  const walk = async (rel: string): Promise<void> => {
    let entries: import('node:fs').Dirent[];
    try {
      entries = await fs.readdir(path.join(dir, rel), { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      const r = path.join(rel, e.name);
      if (e.isDirectory()) await walk(r);
      else if (e.name.endsWith(ext)) out.push(r);
    }
  };
  await walk(base);
  return out.sort();
}
