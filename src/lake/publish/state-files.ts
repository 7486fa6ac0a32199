/**
 * Writing the one-file datasets of a version that are not facts: snapshots (node state as of a block) and reference
 * datasets (operator files). Called by publish.ts for each of them, in the version folder being written.
 *
 * - An empty staged table keeps the previous version's file (hard link): a publish that read no state (an ingest
 *   with --no-snapshots, a rederive of a lake without them) and a publish without reference files lose nothing.
 * - A staged snapshot replaces the previous one, or with `upsert` replaces only the previous rows of its keys (the
 *   ingester reads state for what new blocks touched; a pair that stopped delegating is written with balance 0).
 * - A staged reference table replaces the previous one (the loader validated it whole).
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { Db } from '../../duckdb/duck.ts';
import { type Dataset, typedColumns } from '../datasets/index.ts';
import type { TableEntry } from '../manifest.ts';
import { datasetGlob, snapshotFileRows } from '../views.ts';

const lit = (s: string): string => `'${s.replace(/'/g, "''")}'`;
const HASH_EXPR = 'count(*) AS n, CAST(coalesce(sum(CAST(hash(*COLUMNS(*)) AS HUGEINT)), 0) AS VARCHAR) AS h';

/**
 * Writes `ds` into the version folder `dir` from the staged table of the same name and returns its manifest entry;
 * null when there is nothing (never staged, never published: an absent reference dataset).
 */
export async function writeStateFile(
  db: Db,
  ds: Dataset,
  dir: string,
  previous: { dir: string; entry: TableEntry | undefined } | null,
  opts: { upsert: boolean; loadedFrom?: { file: string; sha256: string } },
): Promise<TableEntry | null> {
  const kind = ds.kind as 'snapshot' | 'reference';
  const file = datasetGlob(dir, ds);
  const prevFile = previous?.entry ? datasetGlob(previous.dir, ds) : null;
  const staged = Number(await db.scalar(`SELECT count(*) FROM ${ds.name}`));
  await fs.mkdir(path.dirname(file), { recursive: true });
  if (staged === 0) {
    if (!prevFile || !previous?.entry) return null;
    await fs.link(prevFile, file);
    return { ...previous.entry };
  }
  // Each column cast to its catalog type (types.ts `typedColumns`), as every writer does.
  const cols = typedColumns(ds.columns);
  let select = `SELECT ${cols} FROM ${ds.name}`;
  if (opts.upsert && kind === 'snapshot' && prevFile && ds.key) {
    const on = ds.key.map((k) => `p."${k}" IS NOT DISTINCT FROM s."${k}"`).join(' AND ');
    // A previous file written before a nullable column existed reads it as NULL (views.ts snapshotFileRows).
    select += ` UNION ALL SELECT ${cols} FROM ${snapshotFileRows(ds, prevFile)} p WHERE NOT EXISTS (SELECT 1 FROM ${ds.name} s WHERE ${on})`;
  }
  const rowGroup = ds.rowGroupSize ? `, ROW_GROUP_SIZE ${ds.rowGroupSize}` : '';
  await db.run(`COPY (${select} ORDER BY ${ds.sortBy.join(', ')}) TO ${lit(file)} (FORMAT parquet, COMPRESSION zstd${rowGroup})`);
  const [r] = await db.all(`SELECT ${HASH_EXPR} FROM read_parquet(${lit(file)})`);
  const entry: TableEntry = { kind, rows: Number(r!.n), hash: String(r!.h) };
  if (kind === 'snapshot' && ds.columns.some((c) => c.name === 'as_of_block')) {
    const top = await db.scalar(`SELECT max(as_of_block) FROM read_parquet(${lit(file)})`);
    if (top !== null) entry.asOfBlock = Number(top);
  }
  // A reference table staged again unchanged (a rederive) keeps the record of the file it came from.
  const loadedFrom = opts.loadedFrom ?? (previous?.entry?.hash === entry.hash ? previous?.entry?.loadedFrom : undefined);
  if (kind === 'reference' && loadedFrom) entry.loadedFrom = loadedFrom;
  return entry;
}
