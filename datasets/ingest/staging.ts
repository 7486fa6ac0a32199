/**
 * The staging database: DuckDB tables named and shaped like the catalog's source datasets, holding exactly what
 * the next publish writes for the touched days (publish.ts rewrites those day partitions from here and hard-links
 * every other day from the current version), plus the full dimension tables.
 *
 * Re-ingesting replaces, never duplicates: before new rows of a block range go in, the days that hold (or will
 * hold) those blocks are copied in from the published version and the range is deleted.
 */
import path from 'node:path';
import { promises as fs } from 'node:fs';
import { type AppendCell, Db } from '../../src/duckdb/duck.ts';
import { columnDDL, sourceDatasets, blocks as blocksDs } from '../../src/lake/datasets/index.ts';
import { type Manifest, versionDir } from '../../src/lake/manifest.ts';
import { DAY_MS } from '../../src/time.ts';


const lit = (s: string): string => `'${s.replace(/'/g, "''")}'`;
const cols = (names: readonly string[]): string => names.map((n) => `"${n}"`).join(', ');
const dayStart = (day: string): number => Date.parse(`${day}T00:00:00Z`);
const shiftDay = (day: string, n: number): string => new Date(dayStart(day) + n * DAY_MS).toISOString().slice(0, 10);

/** A block range to replace; `to` null means "everything from `from` up" (unconfirmed tail in follow mode). */
export interface BlockRange {
  from: number;
  to: number | null;
}

export class Staging {
  /** Days whose rows are staged (copied from the base version and/or ingested since). */
  readonly loadedDays = new Set<string>();
  /**
   * True while every staged row is of a block above the base version's head: the next publish appends them
   * (publish.ts `append`: a new file per touched day, whatever that day already holds), so nothing published is
   * copied in. A range that replaces published blocks switches to staging whole days (below) until the next publish.
   */
  appending = true;
  /** Days that received rows while appending (their published rows are not staged). */
  private readonly appendedDays = new Set<string>();
  /** Highest block number staged (-1: none): a range above it has nothing to delete. */
  private maxStaged = -1;

  private constructor(
    readonly db: Db,
    readonly dataDir: string,
    /** The published version the staged rows are based on (null before the first publish). */
    public base: Manifest | null,
  ) {}

  static async open(dataDir: string, base: Manifest | null, opts: { threads?: number; memoryLimit?: string } = {}): Promise<Staging> {
    const tmp = path.join(dataDir, '.ingest-tmp');
    await fs.mkdir(tmp, { recursive: true });
    const db = await Db.open({ threads: opts.threads ?? 2, memoryLimit: opts.memoryLimit, tempDirectory: tmp });
    const s = new Staging(db, dataDir, base);
    for (const ds of sourceDatasets) await db.run(`CREATE TABLE ${ds.name} (${columnDDL(ds)})`);
    if (base) {
      for (const ds of sourceDatasets) {
        if (ds.kind !== 'dimension' || !(base.tables[ds.name]?.rows ?? 0)) continue;
        const file = path.join(versionDir(dataDir, base), 'dim', `${ds.name}.parquet`);
        await db.run(`INSERT INTO ${ds.name} SELECT ${cols(ds.columns.map((c) => c.name))} FROM read_parquet(${lit(file)})`);
      }
    }
    return s;
  }

  private partitionFiles(ds: string, day: string): string | null {
    if (!this.base?.tables[ds]?.partitions?.[day]) return null;
    return path.join(versionDir(this.dataDir, this.base), 'raw', ds, `date=${day}`, '*.parquet');
  }

  /** Days of the base version that hold blocks of `range` (looked up near `newDays` only: block times follow numbers). */
  private async daysHolding(range: BlockRange, newDays: Set<string>): Promise<string[]> {
    const published = Object.keys(this.base?.tables.blocks?.partitions ?? {});
    if (!published.length) return [];
    const sorted = [...newDays].sort();
    const lo = sorted.length ? shiftDay(sorted[0]!, -1) : '0000-00-00';
    const hi = range.to === null || !sorted.length ? '9999-99-99' : shiftDay(sorted[sorted.length - 1]!, 1);
    const candidates = published.filter((d) => d >= lo && d <= hi);
    if (!candidates.length) return [];
    const files = candidates.map((d) => lit(this.partitionFiles(blocksDs.name, d)!)).join(', ');
    const upper = range.to === null ? '' : `AND block_number <= ${range.to}`;
    const rows = await this.db.all(
      `SELECT DISTINCT "date" AS d FROM read_parquet([${files}], hive_partitioning = true, hive_types = {'date': VARCHAR})
       WHERE block_number >= ${range.from} ${upper}`,
    );
    return rows.map((r) => String(r.d));
  }

  /**
   * Makes the staged tables ready to receive `range`: stages every day that holds old or new rows of it, then
   * deletes the range. Returns the days the next publish must rewrite because of it.
   */
  async prepare(range: BlockRange, newDays: Set<string>): Promise<Set<string>> {
    const head = this.base?.head.number ?? -1;
    if (this.appending && range.from > head) {
      if (range.from <= this.maxStaged) await this.deleteRange(range);
      for (const d of newDays) this.appendedDays.add(d);
      return new Set(newDays);
    }
    if (this.appending) {
      // Published blocks are replaced: from now on a staged day holds all its rows, so the days appended to so far
      // get their published rows too (all below the appended ones).
      this.appending = false;
      for (const day of this.appendedDays) await this.loadDay(day);
      this.appendedDays.clear();
    }
    const touched = new Set([...newDays, ...(await this.daysHolding(range, newDays))]);
    for (const day of touched) await this.loadDay(day);
    if (range.from <= this.maxStaged) await this.deleteRange(range);
    return touched;
  }

  private async loadDay(day: string): Promise<void> {
    if (this.loadedDays.has(day)) return;
    for (const ds of sourceDatasets) {
      if (ds.kind !== 'raw') continue;
      const files = this.partitionFiles(ds.name, day);
      if (!files) continue;
      await this.db.run(`INSERT INTO ${ds.name} SELECT ${cols(ds.columns.map((c) => c.name))} FROM read_parquet(${lit(files)})`);
    }
    this.loadedDays.add(day);
    this.maxStaged = Math.max(this.maxStaged, Number((await this.db.scalar('SELECT max(block_number) FROM blocks')) ?? -1));
  }

  private async deleteRange(range: BlockRange): Promise<void> {
    const where = range.to === null ? `block_number >= ${range.from}` : `block_number BETWEEN ${range.from} AND ${range.to}`;
    for (const ds of sourceDatasets) if (ds.kind === 'raw') await this.db.run(`DELETE FROM ${ds.name} WHERE ${where}`);
  }

  /**
   * After a publish of the staged rows: appended rows are dropped (they are published; the next publish appends
   * again); whole staged days are dropped except `keep` (the day still being filled), and with none left staging
   * goes back to appending.
   */
  async afterPublish(keep: Set<string>): Promise<void> {
    if (this.appending) {
      for (const ds of sourceDatasets) if (ds.kind === 'raw') await this.db.run(`DELETE FROM ${ds.name}`);
      this.appendedDays.clear();
      return;
    }
    await this.evictExcept(keep);
    if (this.loadedDays.size === 0) this.appending = true;
  }

  /** Bulk-loads a decoded batch: dataset name → columns in catalog order. */
  async append(tables: Record<string, AppendCell[][]>): Promise<void> {
    for (const [name, columns] of Object.entries(tables)) if (columns[0]?.length) await this.db.appendColumns(name, columns);
    for (const n of tables.blocks?.[0] ?? []) if (Number(n) > this.maxStaged) this.maxStaged = Number(n);
  }

  /** Drops staged rows of every day but `keep` (after a publish: they are in the published version now). */
  async evictExcept(keep: Set<string>): Promise<void> {
    const drop = [...this.loadedDays].filter((d) => !keep.has(d));
    if (!drop.length) return;
    const cond = drop.map((d) => `("timestamp" >= ${dayStart(d)} AND "timestamp" < ${dayStart(d) + DAY_MS})`).join(' OR ');
    for (const ds of sourceDatasets) if (ds.kind === 'raw') await this.db.run(`DELETE FROM ${ds.name} WHERE ${cond}`);
    for (const d of drop) this.loadedDays.delete(d);
  }

  async close(): Promise<void> {
    this.db.close();
    await fs.rm(path.join(this.dataDir, '.ingest-tmp'), { recursive: true, force: true });
  }
}
