/**
 * Publish: turn staged DuckDB tables (named and shaped exactly like the catalog's source datasets) into a new
 * immutable lake version beside the current one, derive the rollups and by-address copies, then swap the manifest.
 *
 * Crash safety: everything is written under versions/.tmp-<id>; the folder is renamed to versions/<id> only when
 * complete, and the manifest is swapped last. A crash at any point leaves the previous manifest (and version) served.
 * Incremental: with `days`, only those day partitions are rewritten; the other days are hard-linked from the
 * current version, so the cost of a publish grows with the new data, not with history.
 */
import { leasedVersions } from '../leases.ts';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { Db } from '../../duckdb/duck.ts';
import { columnDDL, type Dataset, sourceDatasets, derivedDatasets, referenceDatasets, typedColumns } from '../datasets/index.ts';
import { type DayFile, type Manifest, type PartitionEntry, type TableEntry, pointCurrent, readManifest, swapManifest, versionDir, VERSIONS_DIR } from '../manifest.ts';
import { createLakeViews, datasetGlob } from '../views.ts';
import { currentLayouts, layoutIds, parquetOptions, releaseLayout, staleDatasets } from '../derive/layout.ts';
import { deriveAll, previousOf } from '../derive/derive.ts';
import { recordFileHashes } from '../content-hash.ts';
import { merged, planMerges, runId } from '../derive/runs.ts';
import { writeStateFile } from './state-files.ts';
import { DAY_MS } from '../../time.ts';

export interface PublishOptions {
  dataDir: string;
  /** Describes where the data came from (profile + seed, or node URL); copied into the manifest. */
  source: Record<string, unknown>;
  /** Highest final block; default: the head block (everything confirmed). */
  solidBlock?: number;
  /** Rewrite only these UTC days (yyyy-MM-dd) of the raw datasets; reuse every other day of the current version. */
  days?: string[];
  /** Time of the refresh (ms); default: the head block time, so a generated lake is reproducible. */
  refreshTime?: number;
  /** Called with a short label before each step (progress display). */
  onStep?: (label: string, done: number, total: number) => void;
  /** Parquet row-group size of fact tables (rows), default 16,384. */
  rowGroupSize?: number;
  /** Derive every derived dataset from all raw rows (`rederive --all`), not from the previous version's. */
  fullDerive?: boolean;
  /**
   * Link every derived dataset whose layout is current from the current version, unchanged (`rederive`: the raw data
   * is the same); the stale ones (src/lake/derive/layout.ts) are derived in full either way.
   */
  linkCurrent?: boolean;
  /**
   * The staged raw tables hold only rows of blocks above the current head (an ingest batch that follows the chain):
   * each day they touch gets them as one more file beside the files it has (merged size-tiered, runs.ts), every other
   * day is linked. The cost is the new rows', whatever the size of the day. `days` is ignored.
   */
  append?: boolean;
  /**
   * Staged snapshot rows: `replace` (default) the previous version's snapshot, or `upsert` them over it by the
   * dataset's key (the ingester reads state only for what new blocks touched). An empty staged snapshot or reference
   * table keeps the previous version's file (src/lake/publish/state-files.ts).
   */
  snapshots?: 'replace' | 'upsert';
  /** Reference datasets staged from operator files: where each came from (recorded in the manifest). */
  referenceFiles?: Record<string, { file: string; sha256: string }>;
  /**
   * Versions kept after this publish, the new one included (default 3, so a switching server finishes its queries on
   * the old files; leased versions are kept whatever this says). A batched generation keeps 1: each batch's rewritten
   * files (state tables, merged runs) would otherwise stay on disk for two more batches.
   */
  keepVersions?: number;
  /**
   * Merge every run of these `runs` datasets into one, in the listed address buckets (null: all), and no other runs
   * (`compact()`, compact.ts); with `days: []`, nothing else changes.
   */
  compact?: ReadonlyMap<string, readonly number[] | null>;
}

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;
/**
 * Memory budget of a maintenance derive (rederive, compact) when the caller gives none: the bench profile's publish
 * budget, with which a 100 M-transaction lake derives (sorts beyond it spill to disk); DuckDB's own default, 80 % of
 * RAM, leaves nothing to the rest of a shared machine.
 */
export const DERIVE_MEMORY_LIMIT = '8GB';
/** The UTC day of a row as a day number (days since 1970-01-01): the `date=` partition it belongs to. */
const DAY_NO = `("timestamp" // ${DAY_MS})`;

/** Quotes a trusted literal (paths and day strings we produced) for DuckDB SQL. */
const lit = (s: string): string => `'${s.replace(/'/g, "''")}'`;

/** Content hash of rows: order-independent sum of DuckDB row hashes, with the row count. */
const HASH_EXPR_FLAT = 'count(*) AS n, CAST(coalesce(sum(CAST(hash(*COLUMNS(*)) AS HUGEINT)), 0) AS VARCHAR) AS h';

/**
 * The anchors the token ledgers start from: rows of a snapshot dataset (the columns that make them;
 * account_snapshots: only its TRC10 balances). `opening`: only the rows before the lake's first block anchor the
 * ledger (issue 12: TRC10, TRC1155), so only those are compared; `published`: rows up to the previous head do too
 * (TRC20: the ingester's balanceOf of a tracked token at a published solid head, issue 14).
 */
const ANCHORS: { snapshot: string; columns: string; ledger: string; scope: 'opening' | 'published' }[] = [
  { snapshot: 'trc20_snapshots', columns: '*', ledger: 'trc20_balances', scope: 'published' },
  { snapshot: 'account_snapshots', columns: 'address, assets_json', ledger: 'trc10_balances', scope: 'opening' },
  { snapshot: 'trc1155_snapshots', columns: '*', ledger: 'trc1155_balances', scope: 'opening' },
];

/**
 * Whether this publish changes the anchors of `o` that the previous ledger already holds (an opening loaded late, a
 * balance read late). The TRC20 ledger's merge restarts only the positions anchored above the previous head, so any
 * other change is derived in full. An unchanged snapshot file (same content hash in both manifests) costs nothing; a
 * changed one, one aggregate over each of the two files (bounded by the snapshot rows, not by history).
 */
async function anchorsChanged(view: Db, prevDir: string, prevHead: number, o: (typeof ANCHORS)[number], before: TableEntry | undefined, after: TableEntry | undefined): Promise<boolean> {
  if ((before?.hash ?? null) === (after?.hash ?? null)) return false;
  const upTo = o.scope === 'opening' ? '< (SELECT min(block_number) FROM blocks)' : `<= ${Math.trunc(prevHead)}`;
  const anchors = async (from: string | null): Promise<string> => {
    if (!from) return '0:0';
    const [r] = await view.all(`SELECT ${HASH_EXPR_FLAT} FROM (SELECT ${o.columns} FROM ${from} WHERE as_of_block ${upTo})`);
    return `${r!.n}:${r!.h}`;
  };
  const prevFile = before?.rows ? `read_parquet(${lit(path.join(prevDir, 'snap', `${o.snapshot}.parquet`))})` : null;
  return (await anchors(prevFile)) !== (await anchors(after?.rows ? o.snapshot : null));
}

/** Every derived dataset whose SQL names the source dataset `name`, and every one reading those (derive order). */
function sourceReaders(name: string): string[] {
  const layouts = currentLayouts();
  const out = new Set<string>();
  for (const ds of derivedDatasets) {
    const l = layouts[ds.name];
    if (l?.sources.includes(name) || l?.reads.some((r) => out.has(r))) out.add(ds.name);
  }
  return [...out];
}

/** `name` and every derived dataset reading it, directly or through another (derive order). */
function withReaders(name: string): string[] {
  const layouts = currentLayouts();
  const out = new Set([name]);
  for (const ds of derivedDatasets) if (layouts[ds.name]?.reads.some((r) => out.has(r))) out.add(ds.name);
  return [...out];
}

/**
 * Publishes the staged tables of `db` as a new version and returns its manifest,
 * e.g. `await publishVersion(db, { dataDir: 'data/tiny', source: { kind: 'generate' } })`.
 */
export async function publishVersion(db: Db, opts: PublishOptions): Promise<Manifest> {
  await fs.mkdir(path.join(opts.dataDir, VERSIONS_DIR), { recursive: true });
  const release = await acquireLock(opts.dataDir);
  try {
    return await publishLocked(db, opts);
  } finally {
    await release();
  }
}

async function publishLocked(db: Db, opts: PublishOptions): Promise<Manifest> {
  const current = await readManifest(opts.dataDir);
  const id = newVersionId();
  const versionsRoot = path.join(opts.dataDir, VERSIONS_DIR);
  const tmp = path.join(versionsRoot, `.tmp-${id}`);
  await fs.mkdir(tmp, { recursive: true });
  // Measured on the default lake: a one-hour page of a day file reads 6.5 ms with 16,384-row groups, 31.5 ms with
  // DuckDB's default 122,880 (one group per day); full scans are no slower.
  const rowGroup = opts.rowGroupSize ?? 16_384;
  const tables: Record<string, TableEntry> = {};
  const steps = sourceDatasets.length + derivedDatasets.length + 4;
  let step = 0;
  // TRONLAKE_PUBLISH_TIMING=1 prints the wall time of every step on stderr (how a publish's cost is split).
  const timing = process.env.TRONLAKE_PUBLISH_TIMING === '1';
  let lap = performance.now();
  let cpuLap = process.cpuUsage();
  let lastLabel = 'start';
  const progress = (label: string) => {
    if (timing) {
      const cpu = process.cpuUsage(cpuLap);
      process.stderr.write(`[publish] ${lastLabel}: ${Math.round(performance.now() - lap)} ms wall, ${Math.round((cpu.user + cpu.system) / 1000)} ms cpu\n`);
      lap = performance.now();
      cpuLap = process.cpuUsage();
      lastLabel = label;
    }
    opts.onStep?.(label, step++, steps);
  };

  if (opts.days) for (const d of opts.days) if (!DAY_RE.test(d)) throw new Error(`bad day ${d}`);
  const append = opts.append === true && current !== null;
  const incremental = (opts.days !== undefined || append) && current !== null;
  let appendedFrom: number | null = null;
  const appendedDays = new Set<string>();
  if (append) {
    const low = await db.scalar('SELECT min(block_number) FROM blocks');
    appendedFrom = low === null ? null : Number(low);
    if (appendedFrom !== null && appendedFrom <= current!.head.number) {
      throw new Error(`publish: append of blocks from ${appendedFrom}, not above the head ${current!.head.number}`);
    }
  }

  for (const ds of sourceDatasets) {
    progress(`write ${ds.name}`);
    if (ds.kind === 'snapshot' || ds.kind === 'reference') {
      const entry = await writeStateFile(db, ds, tmp, current ? { dir: versionDir(opts.dataDir, current), entry: current.tables[ds.name] } : null, {
        upsert: opts.snapshots === 'upsert',
        loadedFrom: opts.referenceFiles?.[ds.name],
      });
      if (entry) tables[ds.name] = entry;
      continue;
    }
    const dir = path.join(tmp, ds.kind === 'dimension' ? 'dim' : 'raw', ds.name);
    if (ds.kind === 'dimension') {
      await fs.mkdir(path.dirname(dir), { recursive: true });
      const file = `${dir}.parquet`;
      await db.run(`COPY (SELECT ${cols(ds)} FROM ${ds.name} ORDER BY ${ds.sortBy.join(', ')}) TO ${lit(file)} (${parquetOptions()})`);
      const [r] = await db.all(`SELECT ${HASH_EXPR_FLAT} FROM read_parquet(${lit(file)})`);
      tables[ds.name] = { kind: 'dimension', rows: Number(r!.n), hash: String(r!.h) };
      continue;
    }
    const partitions: Record<string, PartitionEntry> = {};
    await fs.mkdir(dir, { recursive: true });
    const prevDir = current ? path.join(versionDir(opts.dataDir, current), 'raw', ds.name) : '';
    const prev = current?.tables[ds.name]?.partitions ?? {};
    if (append) {
      const written = await writeDays(db, ds, dir, null, rowGroup);
      for (const [day, file] of Object.entries(written)) {
        appendedDays.add(day);
        const { files, names } = prev[day] ? await dayFiles(db, path.join(prevDir, `date=${day}`), prev[day]!) : { files: [], names: new Map<string, string>() };
        for (const f of files) await fs.link(path.join(prevDir, `date=${day}`, names.get(f.id) ?? `part-${f.id}.parquet`), path.join(dir, `date=${day}`, `part-${f.id}.parquet`));
        files.push(file);
        partitions[day] = await mergeDayFiles(db, ds, path.join(dir, `date=${day}`), files, rowGroup);
      }
      for (const [day, entry] of Object.entries(prev)) {
        if (written[day]) continue;
        await linkDir(path.join(prevDir, `date=${day}`), path.join(dir, `date=${day}`));
        partitions[day] = entry;
      }
    } else {
      for (const [day, f] of Object.entries(await writeDays(db, ds, dir, incremental ? opts.days! : null, rowGroup))) partitions[day] = { rows: f.rows, hash: f.hash, files: [f] };
      if (incremental) {
        // Reuse every day of the current version that this publish does not rewrite.
        for (const [day, entry] of Object.entries(prev)) {
          if (opts.days!.includes(day)) continue;
          await linkDir(path.join(prevDir, `date=${day}`), path.join(dir, `date=${day}`));
          partitions[day] = entry;
        }
      }
    }
    tables[ds.name] = { kind: 'raw', rows: Object.values(partitions).reduce((a, p) => a + p.rows, 0), partitions };
  }

  // Derive in a fresh database that sees exactly what the server will see: views over the new files.
  // Same memory budget and spill folder as the caller's database: unset, DuckDB takes 80 % of RAM on top of it.
  // Read before the 'derive' step is announced: the generator shrinks its staging database then (bench batch 4 ran
  // out of memory deriving trc20_balances in the 1 GB it was left with).
  const memoryLimit = String(await db.scalar(`SELECT current_setting('memory_limit')`));
  const tempDirectory = String(await db.scalar(`SELECT current_setting('temp_directory')`)) || undefined;
  progress('derive');
  const view = await Db.open({ threads: 2, memoryLimit, tempDirectory });
  const second = await view.instance.connect();
  try {
    await createLakeViews(view, tmp, tables, { solidBlock: Number.MAX_SAFE_INTEGER });
    const [top] = await view.all(`SELECT block_number, "timestamp" FROM blocks ORDER BY block_number DESC LIMIT 1`);
    if (!top) throw new Error('publish: the blocks table is empty');
    // Incremental over the previous version, except for its stale datasets (another layout): those are rebuilt in full.
    const previous = incremental && !opts.fullDerive ? previousOf(opts.dataDir, current) : null;
    const stale = previous ? new Set(staleDatasets(current!)) : null;
    // Changed anchors at or below the previous head (an opening loaded after the lake's first publish): a ledger's
    // merge adds new transfers to the previous ledger, which holds the previous anchors, so it and its readers are
    // derived in full.
    for (const o of ANCHORS) {
      if (previous && stale && (await anchorsChanged(view, previous.dir, previous.manifest.head.number, o, current!.tables[o.snapshot], tables[o.snapshot]))) {
        for (const name of withReaders(o.ledger)) stale.add(name);
      }
    }
    // A reference dataset whose content changed (an operator file loaded, e.g. exchange labels): the datasets reading it
    // hold the old facts on every day they derived, so they are derived in full (daily_stablecoin_distribution's
    // categories). Compared by the content hash both manifests record: nothing read when unchanged.
    for (const ds of referenceDatasets) {
      if (previous && stale && (current!.tables[ds.name]?.hash ?? null) !== (tables[ds.name]?.hash ?? null)) {
        for (const name of sourceReaders(ds.name)) stale.add(name);
      }
    }
    const rewritten = append ? [...appendedDays].sort() : opts.days ?? [];
    const changed = !previous ? null : append ? appendedFrom : await changedFrom(view, previous.dir, tmp, rewritten);
    await deriveAll(
      { view, second, dir: tmp, tables, progress, rowGroup },
      {
        previous,
        days: rewritten,
        fromBlock: changed,
        replacesTail: previous !== null && changed !== null && changed <= previous.manifest.head.number,
        head: { number: Number(top.block_number), timestamp: Number(top.timestamp) },
        rebuild: stale ?? undefined,
        linkCurrent: opts.linkCurrent === true,
        compact: opts.compact,
      },
    );
    progress('manifest');
    const [head] = await view.all(
      `SELECT block_number, "timestamp", block_hash FROM blocks ORDER BY block_number DESC LIMIT 1`,
    );
    const [first] = await view.all(`SELECT block_number, "timestamp" FROM blocks ORDER BY block_number LIMIT 1`);
    if (!head || !first) throw new Error('publish: the blocks table is empty');
    const headNumber = Number(head.block_number);
    const manifest: Manifest = {
      format: 1,
      version: id,
      createdAt: new Date().toISOString(),
      refreshTime: opts.refreshTime ?? Number(head.timestamp),
      head: { number: headNumber, timestamp: Number(head.timestamp), hash: String(head.block_hash) },
      solidBlock: Math.min(opts.solidBlock ?? headNumber, headNumber),
      first: { number: Number(first.block_number), timestamp: Number(first.timestamp) },
      source: opts.source,
      tables,
      fingerprint: fingerprint(tables),
      layout: releaseLayout(),
      layouts: layoutIds(),
    };
    // Content hashes (issue 30): only the files this publish wrote are read; linked ones carry their hash.
    progress('hashes');
    manifest.files = (await recordFileHashes(tmp, current ? { dir: versionDir(opts.dataDir, current), files: current.files } : null)).files;
    progress('rename');
    await fs.rename(tmp, versionDir(opts.dataDir, manifest));
    await swapManifest(opts.dataDir, manifest);
    await pointCurrent(opts.dataDir, manifest);
    await collectGarbage(opts.dataDir, manifest, opts.keepVersions ?? 3);
    return manifest;
  } finally {
    second.closeSync();
    view.close();
  }
}

/**
 * One COPY per day (`date=D/part-<blocks>.parquet`), each sorted by the dataset's order: COPY … PARTITION_BY does not
 * keep an ORDER BY inside a partition (measured: 24 of 90 default day files held two sorted runs). One aggregate pass
 * over the staged rows gives every day's block range, row count and content hash; each COPY then reads its day by a
 * timestamp range (a filter on one column; no day-sorted copy of the staged rows is made). Measured step by step on
 * the bench profile's transactions (3.46 M rows, 4 days, CPU): the day-sorted temp table this replaces 4.8 s, the
 * day COPYs 13.0 s (9.9 s at zstd level 1), reading each file back for its hash 1.7 s against 0.7 s for the hash of
 * the staged rows. `days` null = every staged day. Returns the file written per day.
 */
async function writeDays(db: Db, ds: Dataset, dir: string, days: string[] | null, rowGroup: number): Promise<Record<string, DayFile>> {
  const out: Record<string, DayFile> = {};
  if (days?.length === 0) return out;
  const where = days ? `WHERE ${DAY_NO} IN (${days.map((d) => Date.parse(`${d}T00:00:00Z`) / DAY_MS).join(', ')})` : '';
  const groups = await db.all(
    `SELECT ${DAY_NO} AS k, min(block_number) AS lo, max(block_number) AS hi, count(*) AS n,
            CAST(coalesce(sum(CAST(hash(${names(ds)}) AS HUGEINT)), 0) AS VARCHAR) AS h
     FROM ${ds.name} ${where} GROUP BY ALL ORDER BY k`,
  );
  for (const g of groups) {
    const k = Number(g.k);
    const day = new Date(k * DAY_MS).toISOString().slice(0, 10);
    const select = `SELECT ${cols(ds)} FROM ${ds.name} WHERE "timestamp" >= ${k * DAY_MS} AND "timestamp" < ${(k + 1) * DAY_MS}`;
    const content = { rows: Number(g.n), hash: String(g.h) };
    out[day] = await writeDayFile(db, ds, path.join(dir, `date=${day}`), select, Number(g.lo), Number(g.hi), rowGroup, content);
  }
  return out;
}

/** Writes one sorted day file of `select`, whose rows and content hash the caller computed (or which are summed from merged files). */
async function writeDayFile(db: Db, ds: Dataset, folder: string, select: string, lo: number, hi: number, rowGroup: number, content: { rows: number; hash: string }): Promise<DayFile> {
  const id = runId(lo, hi);
  const file = path.join(folder, `part-${id}.parquet`);
  await fs.mkdir(folder, { recursive: true });
  await db.run(`COPY (${select} ORDER BY ${ds.sortBy.join(', ')}) TO ${lit(file)} (${parquetOptions('zstd', rowGroup)})`);
  // The file's row count from its footer (no page is read): a short write fails here, not in the fingerprint.
  const written = Number(await db.scalar(`SELECT count(*) FROM read_parquet(${lit(file)}, hive_partitioning = false)`));
  if (written !== content.rows) throw new Error(`publish: ${file} holds ${written} rows, ${content.rows} were written`);
  return { id, fromBlock: lo, toBlock: hi, rows: content.rows, hash: content.hash };
}

/**
 * The files of a published day, and the name of each in that version when it is not `part-<id>.parquet`: a day
 * published before files were recorded is described from its files once (and linked under the recorded name).
 */
async function dayFiles(db: Db, folder: string, entry: PartitionEntry): Promise<{ files: DayFile[]; names: Map<string, string> }> {
  const names = new Map<string, string>();
  if (entry.files) return { files: [...entry.files], names };
  const files: DayFile[] = [];
  for (const name of (await fs.readdir(folder)).sort()) {
    const [r] = await db.all(`SELECT ${HASH_EXPR_FLAT}, min(block_number) AS lo, max(block_number) AS hi FROM read_parquet(${lit(path.join(folder, name))}, hive_partitioning = false)`);
    const id = runId(Number(r!.lo), Number(r!.hi));
    files.push({ id, fromBlock: Number(r!.lo), toBlock: Number(r!.hi), rows: Number(r!.n), hash: String(r!.h) });
    names.set(id, name);
  }
  return { files, names };
}

/** Merges the newest files of a day size-tiered (runs.ts) and returns the day's entry: rows and hash are sums. */
async function mergeDayFiles(db: Db, ds: Dataset, folder: string, files: DayFile[], rowGroup: number): Promise<PartitionEntry> {
  for (const group of planMerges(files)) {
    const inputs = group.map((f) => lit(path.join(folder, `part-${f.id}.parquet`)));
    const m = merged(group);
    // A merge moves rows, so the merged file's rows and hash are the sums of its inputs' (the hash is a sum of row hashes).
    const content = { rows: group.reduce((a, f) => a + f.rows, 0), hash: String(group.reduce((a, f) => a + BigInt(f.hash), 0n)) };
    const into = await writeDayFile(db, ds, folder, `SELECT ${cols(ds)} FROM read_parquet([${inputs.join(', ')}], hive_partitioning = false)`, m.fromBlock, m.toBlock, rowGroup, content);
    for (const f of group) if (f.id !== into.id) await fs.rm(path.join(folder, `part-${f.id}.parquet`), { force: true });
    files.splice(files.indexOf(group[0]!), group.length, into);
  }
  return { rows: files.reduce((a, f) => a + f.rows, 0), hash: String(files.reduce((a, f) => a + BigInt(f.hash), 0n)), files };
}

/**
 * The lowest block whose (number, hash) differs between the previous version and the new one over the rewritten
 * days (a new block, or a replaced one); null when the rewritten days hold the same blocks.
 */
async function changedFrom(view: Db, prevDir: string, dir: string, days: string[]): Promise<number | null> {
  const side = async (root: string): Promise<string> => {
    const files: string[] = [];
    for (const d of days) {
      const folder = path.join(root, 'raw', 'blocks', `date=${d}`);
      if (await fs.access(folder).then(() => true, () => false)) files.push(lit(path.join(folder, '*.parquet')));
    }
    return files.length
      ? `SELECT block_number, block_hash FROM read_parquet([${files.join(', ')}], hive_partitioning = false)`
      : 'SELECT NULL::BIGINT AS block_number, NULL::VARCHAR AS block_hash WHERE false';
  };
  const [oldRows, newRows] = [await side(prevDir), await side(dir)];
  const v = await view.scalar(`SELECT min(block_number) FROM ((${newRows} EXCEPT ${oldRows}) UNION ALL (${oldRows} EXCEPT ${newRows}))`);
  return v === null ? null : Number(v);
}

/** sha256 over the source tables' content hashes, sorted by table and day: equal content ⇔ equal fingerprint. */
export function fingerprint(tables: Record<string, TableEntry>): string {
  const h = createHash('sha256');
  for (const ds of sourceDatasets) {
    const t = tables[ds.name];
    if (!t) continue;
    h.update(`${ds.name}:${t.rows}:${t.hash ?? ''}\n`);
    for (const day of Object.keys(t.partitions ?? {}).sort()) {
      const p = t.partitions![day]!;
      h.update(`${day}:${p.rows}:${p.hash}\n`);
    }
  }
  return h.digest('hex').slice(0, 32);
}

const names = (ds: Dataset): string => ds.columns.map((c) => `"${c.name}"`).join(', ');
/** The select list of every source file: each column cast to its catalog type (types.ts `typedColumns`). */
const cols = (ds: Dataset): string => typedColumns(ds.columns);

function newVersionId(): string {
  const t = new Date().toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
  return `v${t}-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
}

async function linkDir(from: string, to: string): Promise<void> {
  await fs.mkdir(to, { recursive: true });
  for (const f of await fs.readdir(from)) await fs.link(path.join(from, f), path.join(to, f));
}

/**
 * Keeps the published version, the `keep - 1` before it (default 2: a switching server may still finish queries on
 * them) and every version a live server holds a lease on (src/lake/leases.ts: a server that does not switch keeps its
 * version); drops crashed temp folders.
 */
async function collectGarbage(dataDir: string, published: Manifest, keep: number): Promise<void> {
  const root = path.join(dataDir, VERSIONS_DIR);
  const names = (await fs.readdir(root)).sort();
  const versions = names.filter((n) => n.startsWith('v'));
  const older = versions.filter((v) => v !== published.version);
  const kept = new Set([published.version, ...older.slice(older.length - Math.max(0, keep - 1)), ...(await leasedVersions(dataDir))]);
  for (const n of names) {
    if (n.startsWith('.tmp-') || (n.startsWith('v') && !kept.has(n))) {
      await fs.rm(path.join(root, n), { recursive: true, force: true });
    }
  }
}

/** One publisher per data folder: an exclusive lock file holding the pid; a lock of a dead process is taken over. */
async function acquireLock(dataDir: string): Promise<() => Promise<void>> {
  const file = path.join(dataDir, '.publish.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fh = await fs.open(file, 'wx');
      await fh.writeFile(String(process.pid));
      await fh.close();
      return () => fs.rm(file, { force: true });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const pid = Number(await fs.readFile(file, 'utf8').catch(() => '0'));
      if (pid && pid !== process.pid && isAlive(pid)) throw new Error(`another publisher (pid ${pid}) holds ${file}`);
      await fs.rm(file, { force: true });
    }
  }
  throw new Error(`could not lock ${file}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export { datasetGlob };

/**
 * Publishes the current version's raw data again with the current derive step (`tronlake rederive`): raw day
 * folders are hard-linked, dimensions copied; the derived datasets whose layout is stale (src/lake/derive/layout.ts: another
 * id, or missing, or reading a stale one) are derived again from every raw row, the others hard-linked unchanged;
 * with `all`, every derived dataset is derived again. One atomic publish, same fingerprint.
 */
export async function rederive(
  dataDir: string,
  onStep?: PublishOptions['onStep'],
  opts: { all?: boolean; memoryLimit?: string; tempDirectory?: string } = {},
): Promise<Manifest> {
  const current = await readManifest(dataDir);
  if (!current) throw new Error(`no published dataset in ${path.resolve(dataDir)}`);
  const v = versionDir(dataDir, current);
  // The derive database takes this database's memory budget (publishVersion): a smaller one sorts runs in more parts.
  // Unset, DuckDB would take 80 % of RAM (~24 GB RSS on a 10.5 M-transaction lake, thrashing a 24 GB machine): the
  // default is the bench profile's publish budget, and sorts beyond it spill beside the lake, removed after.
  const spill = opts.tempDirectory ?? path.join(dataDir, '.rederive-spill');
  const db = await Db.open({ threads: 2, memoryLimit: opts.memoryLimit ?? DERIVE_MEMORY_LIMIT, tempDirectory: spill });
  try {
    for (const ds of sourceDatasets) {
      const entry = current.tables[ds.name];
      if (!entry || entry.rows === 0) {
        await db.run(`CREATE TABLE ${ds.name} (${columnDDL(ds)})`);
      } else if (ds.kind === 'dimension' || ds.kind === 'snapshot' || ds.kind === 'reference') {
        await db.run(`CREATE TABLE ${ds.name} AS SELECT * FROM read_parquet(${lit(datasetGlob(v, ds))})`);
      } else {
        // Only read for the days to rewrite (none): every day is linked from the current version.
        await db.run(`CREATE VIEW ${ds.name} AS SELECT * FROM read_parquet(${lit(datasetGlob(v, ds))}, hive_partitioning = true, hive_types = {'date': VARCHAR})`);
      }
    }
    return await publishVersion(db, {
      dataDir, source: current.source, solidBlock: current.solidBlock, refreshTime: current.refreshTime, days: [], onStep,
      ...(opts.all ? { fullDerive: true } : { linkCurrent: true }),
    });
  } finally {
    db.close();
    if (!opts.tempDirectory) await fs.rm(spill, { recursive: true, force: true });
  }
}
