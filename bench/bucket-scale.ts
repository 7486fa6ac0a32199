/**
 * What an address page costs when a by-address bucket grows to the bench lake's size. A page reads one bucket
 * (src/lake/README.md "Bucketed by-address copies"); on a ~100 M-transaction lake a bucket of address_transactions
 * holds ~6 M rows, 30x the default lake's. This emulates such a bucket from a smaller lake by pooling the rows of
 * `--pool` buckets into one file (each bucket's rows sorted by address as a run is, with the bucket column kept, so
 * the row groups of the other buckets are pruned by their statistics) and measures the same page on:
 *   - the lake's own bucket (its run files as published);
 *   - the pooled file (one file of a bench-scale bucket);
 *   - the pooled rows cut into `--slices` files by a finer hash of the address, in hive folders, read through a glob
 *     and pruned by the folder names (as the lake's views read the buckets), and read from the slice's folder alone;
 *   - the pooled rows cut into `--slices` files of consecutive rows (address ranges), in one folder: read through a
 *     glob of the folder (only the files' row-group statistics can skip them), and the one file holding the address
 *     named alone (as a reader that keeps each file's address range would name it);
 *   - the served mechanism (src/lake/derive/address-ranges.ts): the pooled rows sorted by address as one bucket is, cut by
 *     `cutRanges` into files of at most each `--range-rows` bound, and a page read as the engine reads it: a prepared
 *     statement over the table macro `address_rows(files)`, bound to the list of files whose range holds the address.
 * SQL only, one DuckDB process, no HTTP.
 *
 *   npx tsx bench/bucket-scale.ts --data DIR [--pool 10] [--slices 32] [--addresses 4] [--range-rows 262144,…] [--out FILE]
 *
 * Writes its emulated files under a temporary folder (~1.2 GB for 10 buckets of the 10.5 M lake), deleted at the end.
 */
import { loadavg, tmpdir } from 'node:os';
import { mkdtempSync, rmSync, writeFileSync, promises as fs } from 'node:fs';
import { join } from 'node:path';
import { parseFlags } from '../src/cli-flags.ts';
import { DuckDBInstance, LIST, VARCHAR, listValue } from '@duckdb/node-api';
import { cutRanges, type AddressRange } from '../src/lake/derive/address-ranges.ts';
import { medianMs, medianOf } from './sql-timing.ts';

const flags = parseFlags(process.argv.slice(2));
const data = flags.data;
if (!data) throw new Error('--data DIR is required (a published lake)');
const pool = Number(flags.pool ?? 10);
const slices = Number(flags.slices ?? 32);
const perBand = Number(flags.addresses ?? 4);
const bounds = String(flags['range-rows'] ?? '262144').split(',').map(Number);
const out = flags.out;
const copyDir = join(data, 'current', 'derived', 'address_transactions');
const work = mkdtempSync(join(tmpdir(), 'tronlake-bucket-scale-'));
const load0 = loadavg()[0]!;

try {
  const db = await DuckDBInstance.create(join(work, 'build.duckdb'), { threads: '2', memory_limit: '5GB', temp_directory: join(work, 'spill') });
  const build = await db.connect();
  // A table filled bucket by bucket keeps its insertion order, so each bucket's rows stay one sorted run in the file.
  for (let b = 0; b < pool; b++) {
    const rows = `SELECT ${b} AS bucket, * FROM read_parquet('${join(copyDir, `bucket=${b}`, '*.parquet')}') ORDER BY address, block_number, tx_index`;
    await build.run(b === 0 ? `CREATE TABLE pooled AS ${rows}` : `INSERT INTO pooled ${rows}`);
  }
  const pooled = join(work, 'pooled.parquet');
  const parquet = 'FORMAT parquet, ROW_GROUP_SIZE 4096, COMPRESSION zstd, COMPRESSION_LEVEL 1, PARQUET_VERSION V2';
  await build.run(`COPY pooled TO '${pooled}' (${parquet})`);
  await build.run(`COPY (SELECT *, hash(address) % ${slices} AS slice FROM pooled ORDER BY bucket, slice, address, block_number, tx_index)
    TO '${join(work, 'sliced')}' (${parquet}, PARTITION_BY (bucket, slice))`);
  await build.run(`CREATE TABLE ranged AS SELECT *, (row_number() OVER () - 1) * ${slices} // (SELECT count(*) FROM pooled) AS part FROM pooled`);
  await fs.mkdir(join(work, 'ranges'));
  for (let p = 0; p < slices; p++) {
    await build.run(`COPY (SELECT * EXCLUDE (part) FROM ranged WHERE part = ${p}) TO '${join(work, 'ranges', `part-${p}.parquet`)}' (${parquet})`);
  }
  // The served layout: one bucket's rows in address order, cut at address boundaries by the derive's own cutRanges.
  const cuts = new Map<number, { file: string; range: AddressRange }[]>();
  const counts = (await build.runAndReadAll('SELECT address AS a, count(*) AS n FROM pooled GROUP BY ALL ORDER BY a')).getRowObjectsJS()
    .map((r) => [String(r.a), Number(r.n)] as const);
  await build.run('CREATE TABLE by_address AS SELECT * FROM pooled ORDER BY address, block_number, tx_index');
  for (const bound of bounds) {
    const dir = join(work, `cut-${bound}`);
    await fs.mkdir(dir);
    const files: { file: string; range: AddressRange }[] = [];
    for (const [k, range] of cutRanges(counts, bound).entries()) {
      const file = join(dir, `run-${String(k).padStart(4, '0')}.parquet`);
      await build.run(`COPY (SELECT * FROM by_address WHERE address BETWEEN '${range.min}' AND '${range.max}') TO '${file}' (${parquet})`);
      files.push({ file, range });
    }
    cuts.set(bound, files);
  }
  build.closeSync();

  const reader = await (await DuckDBInstance.create(':memory:', { threads: '2' })).connect();
  await reader.run('SET parquet_metadata_cache = true');
  await reader.run(`CREATE MACRO address_rows(files) AS TABLE SELECT * FROM read_parquet(files)`);
  const served = await reader.prepare(`WITH hits AS MATERIALIZED (SELECT * FROM address_rows($files) WHERE address = $a)
    SELECT * FROM hits ORDER BY block_number DESC, tx_index DESC LIMIT 20`);
  const median = async (sql: string): Promise<string> => (await medianMs(reader, sql, 7)).toFixed(1);
  const pooledRead = `read_parquet('${pooled}')`;
  const meta = (await reader.runAndReadAll(`SELECT count(DISTINCT row_group_id) AS groups, max(row_group_num_rows) AS size FROM parquet_metadata('${pooled}')`)).getRowObjectsJS()[0]!;
  const rowsPooled = (await reader.runAndReadAll(`SELECT count(*) AS n FROM ${pooledRead}`)).getRowObjectsJS()[0]!.n;
  const lines: string[] = [];
  for (const [lo, hi] of [[40, 60], [1_000, 5_000]] as const) {
    const addrs = (await reader.runAndReadAll(`SELECT bucket, address, hash(address) % ${slices} AS slice, count(*) AS n FROM ${pooledRead}
      GROUP BY bucket, address, slice HAVING n BETWEEN ${lo} AND ${hi} ORDER BY hash(address) LIMIT ${perBand}`)).getRowObjectsJS();
    for (const a of addrs) {
      // The endpoints' shape: the address's rows materialized, then the newest 20 (sql/transaction/*.by-address.sql).
      const page = (from: string, where: string) =>
        `WITH hits AS MATERIALIZED (SELECT * FROM ${from} WHERE ${where} address = '${a.address}') SELECT * FROM hits ORDER BY block_number DESC, tx_index DESC LIMIT 20`;
      const own = await median(page(`read_parquet('${join(copyDir, `bucket=${a.bucket}`, '*.parquet')}')`, ''));
      const big = await median(page(pooledRead, `bucket = ${a.bucket} AND`));
      const globbed = await median(page(`read_parquet('${join(work, 'sliced', '*', '*', '*.parquet')}', hive_partitioning = true)`, `bucket = ${a.bucket} AND slice = ${a.slice} AND`));
      const direct = await median(page(`read_parquet('${join(work, 'sliced', `bucket=${a.bucket}`, `slice=${a.slice}`, '*.parquet')}')`, ''));
      const rangeGlob = `read_parquet('${join(work, 'ranges', '*.parquet')}')`;
      const rangeFiles = (await reader.runAndReadAll(`SELECT DISTINCT filename FROM read_parquet('${join(work, 'ranges', '*.parquet')}', filename = true)
        WHERE bucket = ${a.bucket} AND address = '${a.address}'`)).getRowObjectsJS().map((r) => `'${String(r.filename)}'`);
      const ranges = await median(page(rangeGlob, `bucket = ${a.bucket} AND`));
      const rangeFile = await median(page(`read_parquet([${rangeFiles.join(', ')}])`, ''));
      const servedMs: string[] = [];
      for (const bound of bounds) {
        const named = cuts.get(bound)!.filter((c) => c.range.min <= String(a.address) && String(a.address) <= c.range.max).map((c) => c.file);
        servedMs.push((await medianOf(() => {
          served.bind({ files: listValue(named), a: String(a.address) }, { files: LIST(VARCHAR), a: VARCHAR });
          return served.runAndReadAll();
        }, 7)).toFixed(1));
      }
      lines.push(`| ${a.n} | ${own} | ${big} | ${globbed} | ${direct} | ${ranges} | ${rangeFile} | ${servedMs.join(' | ')} |`);
      console.error(lines.at(-1));
    }
  }
  const report = [
    '# An address page when a by-address bucket grows to the bench lake\'s size',
    '',
    `\`npx tsx bench/bucket-scale.ts --data ${data} --pool ${pool} --slices ${slices} --addresses ${perBand}\`: median of 7 runs after a`,
    `warm-up, ms; one DuckDB process, 2 threads, Parquet metadata cached; load average ${load0.toFixed(1)} → ${loadavg()[0]!.toFixed(1)}.`,
    `Pooled: ${pool} buckets of address_transactions, ${Number(rowsPooled).toLocaleString('en')} rows, ${meta.groups} row groups of ${meta.size} rows.`,
    `Served layout (cutRanges): ${bounds.map((b) => `${b.toLocaleString('en')}-row bound → ${cuts.get(b)!.length} files`).join('; ')}.`,
    '',
    `| the address's rows | its own bucket, as published | pooled: one file of a bench-scale bucket | pooled, sliced, read through a glob + hive pruning | pooled, sliced, the slice's folder alone | pooled, address-range files, glob of the folder | pooled, the address-range file named | ${bounds.map((b) => `served: range files of ≤ ${b.toLocaleString('en')} rows, prepared $files`).join(' | ')} |`,
    `|---:|---:|---:|---:|---:|---:|---:|${bounds.map(() => '---:|').join('')}`,
    ...lines,
    '',
  ].join('\n');
  if (out) writeFileSync(out, report);
  console.log(report);
} finally {
  rmSync(work, { recursive: true, force: true });
}
