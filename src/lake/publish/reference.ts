/**
 * Reference datasets (off-chain facts an operator supplies): validation and loading.
 *
 *   tronlake reference load --dir D --data LAKE     (also `--reference D` on generate and ingest)
 *
 * A folder holds one file per dataset, named after it: `address_labels.csv` (header row), `.json` (an array of
 * objects), `.jsonl` / `.ndjson` (one object per line) or `.parquet`. Every file is validated against the catalog
 * declaration before anything is written: columns (missing required, unknown), types, NOT NULL, patterns, unique
 * keys. The first problem is an error naming the file, the row and the column. Loading publishes a new version
 * (publish.ts, atomic) holding every dataset of the current one plus the loaded files; a failed load changes
 * nothing, and datasets loaded earlier and not named in the folder are kept.
 */
import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { Db } from '../../duckdb/duck.ts';
import { parseNodeJson } from '../../chain/node-json.ts';
import { columnDDL, type Dataset, referenceDatasets, sourceDatasets } from '../datasets/index.ts';
import { type Manifest, readManifest, versionDir } from '../manifest.ts';
import { publishVersion } from './publish.ts';
import { datasetGlob } from '../views.ts';

const lit = (s: string): string => `'${s.replace(/'/g, "''")}'`;
const EXTENSIONS = ['.csv', '.json', '.jsonl', '.ndjson', '.parquet'] as const;

/** A file that does not match its declaration: the message names the file, and the row and column when there is one. */
export class ReferenceFileError extends Error {
  constructor(
    readonly file: string,
    readonly problem: string,
    readonly row?: number,
    readonly column?: string,
  ) {
    super(`${file}${row !== undefined ? `: row ${row}` : ''}${column !== undefined ? `, column ${column}` : ''}: ${problem}`);
  }
}

export interface StagedReferences {
  /** Per dataset: the file it was read from (name only) and the file's sha256. */
  files: Record<string, { file: string; sha256: string }>;
}

/** The reference files of `dir`, by dataset name; an unknown data file or two files for one dataset is an error. */
export async function referenceFiles(dir: string): Promise<Map<Dataset, string>> {
  let names: string[];
  try {
    names = (await fs.readdir(dir)).sort();
  } catch {
    throw new Error(`reference folder ${dir} cannot be read`);
  }
  const out = new Map<Dataset, string>();
  for (const name of names) {
    const ext = EXTENSIONS.find((e) => name.endsWith(e));
    if (!ext || name.startsWith('.')) continue; // READMEs and other files beside the data
    const ds = referenceDatasets.find((d) => d.name === name.slice(0, -ext.length));
    if (!ds) throw new ReferenceFileError(name, `no reference dataset of that name (known: ${referenceDatasets.map((d) => d.name).join(', ')})`);
    if (out.has(ds)) throw new ReferenceFileError(name, `a second file for ${ds.name} (${path.basename(out.get(ds)!)})`);
    out.set(ds, path.join(dir, name));
  }
  return out;
}

/**
 * Validates every reference file of `dir` and fills the staged table of its dataset in `db` (which must exist with
 * the catalog's columns, as the generator and the ingester create them). Throws a ReferenceFileError on the first
 * problem; the staged tables are then left as they were.
 */
export async function stageReferences(db: Db, dir: string): Promise<StagedReferences> {
  const files: StagedReferences['files'] = {};
  const found = await referenceFiles(dir);
  // Validate all files before filling any table: a bad second file leaves nothing half loaded.
  for (const [ds, file] of found) await readInto(db, ds, file, `ref_in_${ds.name}`);
  for (const [ds, file] of found) {
    const cols = ds.columns.map((c) => `"${c.name}"`).join(', ');
    const casts = ds.columns.map((c) => `CAST("${c.name}" AS ${c.type}) AS "${c.name}"`).join(', ');
    await db.run(`DELETE FROM ${ds.name}`);
    await db.run(`INSERT INTO ${ds.name} (${cols}) SELECT ${casts} FROM ref_in_${ds.name}`);
    await db.run(`DROP TABLE ref_in_${ds.name}`);
    files[ds.name] = { file: path.basename(file), sha256: createHash('sha256').update(await fs.readFile(file)).digest('hex') };
  }
  return { files };
}

/** Reads one file into an all-VARCHAR table `into` (with `_row`, from 1) and checks it against `ds`. */
async function readInto(db: Db, ds: Dataset, file: string, into: string): Promise<void> {
  const name = path.basename(file);
  const fail = (problem: string, row?: number, column?: string): never => {
    throw new ReferenceFileError(name, problem, row, column);
  };
  await db.run(`DROP TABLE IF EXISTS ${into}`);
  try {
    if (name.endsWith('.csv')) {
      // The header gives the columns (not DuckDB's sniffer, which reads a ragged file as other columns); every
      // line must have as many fields.
      const header = (await fs.readFile(file, 'utf8')).split(/\r?\n/, 1)[0] ?? '';
      const names = header.split(',').map((h) => h.trim().replace(/^"(.*)"$/, '$1'));
      if (!header.trim() || names.some((n) => !n)) fail('the first line must name the columns');
      const columns = names.map((n) => `${lit(n)}: 'VARCHAR'`).join(', ');
      await db.run(
        `CREATE TABLE ${into} AS SELECT row_number() OVER () AS _row, * FROM read_csv(${lit(file)}, header = true, auto_detect = false, columns = {${columns}}, delim = ',', quote = '"', escape = '"', strict_mode = true, null_padding = false)`,
      );
    } else if (name.endsWith('.parquet')) {
      const described = await db.all(`DESCRIBE SELECT * FROM read_parquet(${lit(file)})`);
      const cols = described.map((r) => `CAST("${String(r.column_name).replace(/"/g, '""')}" AS VARCHAR) AS "${String(r.column_name).replace(/"/g, '""')}"`);
      await db.run(`CREATE TABLE ${into} AS SELECT row_number() OVER () AS _row, ${cols.join(', ')} FROM read_parquet(${lit(file)})`);
    } else {
      await readJson(db, file, name, into, fail);
    }
  } catch (e) {
    if (e instanceof ReferenceFileError) throw e;
    // DuckDB's reader errors (a ragged CSV line, a damaged Parquet footer) say the line; the path is the operator's own.
    fail(`cannot be read: ${(e instanceof Error ? e.message : String(e)).split('\n')[0]}`);
  }
  const present = new Set((await db.all(`DESCRIBE ${into}`)).map((r) => String(r.column_name)));
  present.delete('_row');
  const declared = new Set(ds.columns.map((c) => c.name));
  for (const col of present) if (!declared.has(col)) fail(`not a column of ${ds.name} (columns: ${ds.columns.map((c) => c.name).join(', ')})`, undefined, col);
  for (const c of ds.columns) {
    if (present.has(c.name)) continue;
    if (!c.nullable) fail(`required column missing`, undefined, c.name);
    await db.run(`ALTER TABLE ${into} ADD COLUMN "${c.name}" VARCHAR`);
  }
  // The first bad row over all columns (lowest row, then declaration order).
  let worst: { row: number; column: string; problem: string } | null = null;
  for (const c of ds.columns) {
    const v = `"${c.name}"`;
    const checks = [
      c.nullable ? null : `WHEN ${v} IS NULL OR trim(${v}) = '' THEN 'empty, but the column is required'`,
      c.type === 'VARCHAR' ? null : `WHEN ${v} IS NOT NULL AND TRY_CAST(${v} AS ${c.type}) IS NULL THEN 'not a ${c.type}: ' || ${v}`,
      c.pattern ? `WHEN ${v} IS NOT NULL AND NOT regexp_full_match(${v}, ${lit(c.pattern)}) THEN 'does not match ${c.pattern.replace(/'/g, "''")}: ' || ${v}` : null,
    ].filter((x): x is string => x !== null);
    if (!checks.length) continue;
    const [bad] = await db.all(`SELECT _row, problem FROM (SELECT _row, CASE ${checks.join(' ')} END AS problem FROM ${into}) WHERE problem IS NOT NULL ORDER BY _row LIMIT 1`);
    if (bad && (!worst || Number(bad._row) < worst.row)) worst = { row: Number(bad._row), column: c.name, problem: String(bad.problem) };
  }
  if (worst) fail(worst.problem, worst.row, worst.column);
  if (ds.key) {
    const keyCols = ds.key.map((k) => `"${k}"`).join(', ');
    const [dup] = await db.all(
      `SELECT max(_row) AS _row, min(_row) AS first FROM ${into} GROUP BY ${keyCols} HAVING count(*) > 1 ORDER BY max(_row) LIMIT 1`,
    );
    if (dup) fail(`duplicate key (${ds.key.join(', ')}) of row ${Number(dup.first)}`, Number(dup._row), ds.key.join(', '));
  }
}

/** JSON array or JSON lines, parsed with the big-int-safe parser (amounts over 2^53 stay exact text). */
async function readJson(db: Db, file: string, name: string, into: string, fail: (p: string, row?: number, col?: string) => never): Promise<void> {
  const text = await fs.readFile(file, 'utf8');
  const records: unknown[] = [];
  if (name.endsWith('.json')) {
    let parsed: unknown;
    try {
      parsed = parseNodeJson(text);
    } catch (e) {
      fail(`not JSON: ${e instanceof Error ? e.message : String(e)}`);
    }
    if (!Array.isArray(parsed)) fail('a .json reference file holds an array of objects');
    records.push(...(parsed as unknown[]));
  } else {
    text.split('\n').forEach((line, i) => {
      if (!line.trim()) return;
      try {
        records.push(parseNodeJson(line));
      } catch {
        fail('not a JSON object', i + 1);
      }
    });
  }
  const columns = new Map<string, (string | null)[]>();
  records.forEach((r, i) => {
    if (r === null || typeof r !== 'object' || Array.isArray(r)) fail('not a JSON object', i + 1);
    for (const [k, v] of Object.entries(r as Record<string, unknown>)) {
      if (v !== null && typeof v === 'object') fail('a nested value (objects and arrays are not allowed)', i + 1, k);
      if (!columns.has(k)) columns.set(k, new Array<string | null>(records.length).fill(null));
      columns.get(k)![i] = v === null || v === undefined ? null : String(v);
    }
  });
  const names = [...columns.keys()];
  await db.run(`CREATE TABLE ${into} (_row BIGINT${names.map((n) => `, "${n.replace(/"/g, '""')}" VARCHAR`).join('')})`);
  if (records.length) await db.appendColumns(into, [records.map((_r, i) => i + 1), ...names.map((n) => columns.get(n)!)]);
}

/**
 * `tronlake reference load`: validates the files of `dir` and publishes a new version of the lake in `dataDir`
 * with them; every other dataset is carried over unchanged (raw days and snapshots linked, derived datasets by their
 * growth rules with nothing new). Returns the new manifest; throws (changing nothing) on the first bad file.
 */
export async function loadReferences(dataDir: string, dir: string): Promise<Manifest> {
  const current = await readManifest(dataDir);
  if (!current) throw new Error(`no published dataset in ${path.resolve(dataDir)}: generate or ingest first`);
  const db = await Db.open({ threads: 2 });
  try {
    const v = versionDir(dataDir, current);
    for (const ds of sourceDatasets) {
      const entry = current.tables[ds.name];
      if (ds.kind === 'raw' && entry && entry.rows > 0) {
        // Read only for the days to rewrite (none): every day is linked from the current version.
        await db.run(`CREATE VIEW ${ds.name} AS SELECT * FROM read_parquet(${lit(datasetGlob(v, ds))}, hive_partitioning = true, hive_types = {'date': VARCHAR})`);
      } else if (ds.kind === 'dimension' && entry && entry.rows > 0) {
        await db.run(`CREATE TABLE ${ds.name} AS SELECT * FROM read_parquet(${lit(datasetGlob(v, ds))})`);
      } else {
        // Snapshots and references left empty are carried over by publish (state-files.ts).
        await db.run(`CREATE TABLE ${ds.name} (${columnDDL(ds)})`);
      }
    }
    const staged = await stageReferences(db, dir);
    if (!Object.keys(staged.files).length) throw new Error(`no reference file in ${dir} (expected ${referenceDatasets.map((d) => `${d.name}.csv|json|jsonl|parquet`).join(', ')})`);
    return await publishVersion(db, {
      dataDir, source: current.source, solidBlock: current.solidBlock, refreshTime: current.refreshTime, days: [], referenceFiles: staged.files,
    });
  } finally {
    db.close();
  }
}

/** Reference datasets a published version lacks (listed by /health). */
export function absentReferences(m: Pick<Manifest, 'tables'>): string[] {
  return referenceDatasets.filter((d) => !m.tables[d.name]).map((d) => d.name);
}
