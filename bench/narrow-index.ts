/**
 * Would a narrow by-address index (address, block, tx_index) joined back to the raw day files serve an address page
 * as fast as the wide by-address copy (every transaction column, src/lake/README.md "Bucketed by-address copies")?
 * The narrow index would cut the lake by about a fifth (the copy is 22 % of a bench-profile lake), so this is the
 * measurement the layout decision rests on. SQL only, in one DuckDB process, no HTTP: it compares two ways of reading
 * the same 20 rows, not an endpoint.
 *
 *   npx tsx bench/narrow-index.ts --data DIR [--addresses 8] [--repeat 5] [--out FILE]
 *
 * For addresses of a few dozen rows and of thousands, the newest 20 transactions: (a) from the wide copy, (b) their
 * keys from the copy and then each row from its raw day file (one point lookup per row: the day folder, then
 * block_number / tx_index, pruned by the file's row-group statistics), (c) the same lookups reading tx_hash only.
 */
import { DuckDBInstance } from '@duckdb/node-api';
import { loadavg } from 'node:os';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseFlags } from '../src/cli-flags.ts';
import { medianMs } from './sql-timing.ts';

const flags = parseFlags(process.argv.slice(2));
const data = flags.data;
if (!data) throw new Error('--data DIR is required (a published lake)');
const perBand = Number(flags.addresses ?? 8);
const repeat = Number(flags.repeat ?? 5);
const out = flags.out;
const version = join(data, 'current');

const db = await DuckDBInstance.create(':memory:', { threads: '2' });
const con = await db.connect();
await con.run('SET parquet_metadata_cache = true');
const copy = `read_parquet('${join(version, 'derived/address_transactions/*/*.parquet')}', hive_partitioning = true)`;
const rawDay = (day: string) => `read_parquet('${join(version, 'raw/transactions', `date=${day}`, '*.parquet')}')`;

async function rows(sql: string) {
  return (await con.runAndReadAll(sql)).getRowObjectsJS();
}
const median = (sql: string): Promise<number> => medianMs(con, sql, repeat);

const bands = [
  { name: '40-60 rows', lo: 40, hi: 60 },
  { name: '1,000-5,000 rows', lo: 1_000, hi: 5_000 },
];
const lines: string[] = [];
const load0 = loadavg()[0]!;
for (const band of bands) {
  const addrs = await rows(`SELECT address, bucket, count(*) AS n FROM ${copy} WHERE bucket IN (3, 9, 17, 26)
    GROUP BY address, bucket HAVING n BETWEEN ${band.lo} AND ${band.hi} ORDER BY hash(address) LIMIT ${perBand}`);
  for (const a of addrs) {
    const where = `bucket = ${a.bucket} AND address = '${a.address}'`;
    const order = 'ORDER BY block_number DESC, tx_index DESC LIMIT 20';
    const wide = await median(`SELECT * FROM ${copy} WHERE ${where} ${order}`);
    const keysSql = `SELECT block_number, tx_index, strftime(make_timestamp("timestamp" * 1000), '%Y-%m-%d') AS day FROM ${copy} WHERE ${where} ${order}`;
    const keys = await rows(keysSql);
    const lookups = (cols: string) =>
      keys.map((k) => `SELECT ${cols} FROM ${rawDay(k.day as string)} WHERE block_number = ${k.block_number} AND tx_index = ${k.tx_index}`).join('\nUNION ALL\n');
    const index = await median(keysSql);
    const joined = index + (await median(lookups('*')));
    const hashOnly = index + (await median(lookups('tx_hash')));
    const days = new Set(keys.map((k) => k.day)).size;
    lines.push(`| ${band.name} | ${a.n} | ${days} | ${wide.toFixed(1)} | ${index.toFixed(1)} | ${joined.toFixed(1)} | ${hashOnly.toFixed(1)} |`);
    console.error(lines.at(-1));
  }
}
const report = [
  '# A narrow by-address index joined to the raw day files, against the wide by-address copy',
  '',
  `\`npx tsx bench/narrow-index.ts --data ${data} --addresses ${perBand} --repeat ${repeat}\` (median of ${repeat} runs after a warm-up, ms;`,
  `one DuckDB process, 2 threads, Parquet metadata cached; load average ${load0.toFixed(1)} → ${loadavg()[0]!.toFixed(1)}).`,
  '',
  '| address | its rows | days of its newest 20 | wide copy page (20 rows, every column) | narrow: the 20 keys | narrow + 20 raw lookups, every column | narrow + 20 lookups, tx_hash only |',
  '|---|---:|---:|---:|---:|---:|---:|',
  ...lines,
  '',
].join('\n');
if (out) writeFileSync(out, report);
console.log(report);
