/**
 * Where a lake's bytes are: per dataset its files' size, rows, row groups and bytes per transaction, and for every
 * dataset over `--min-mb` (default 20) the bytes of each column as stored (Parquet footers: compressed and
 * uncompressed size, encodings, bytes per row). Reads only the footers (`parquet_metadata`), so it is cheap on any
 * lake. The figures decide the storage settings (src/lake/README.md "Row groups", layout.ts `parquetOptions`).
 *
 *   npx tsx bench/lake-bytes.ts --data DIR [--min-mb 20] [--out FILE]
 *
 * `--data` is a published lake (its `current` version is read).
 */
import { DuckDBInstance } from '@duckdb/node-api';
import { readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseFlags } from '../src/cli-flags.ts';

const flags = parseFlags(process.argv.slice(2));
if (!flags.data) throw new Error('--data DIR is required (a published lake)');
const version = join(flags.data, 'current');
const minBytes = Number(flags['min-mb'] ?? 20) * 1e6;

/** Every .parquet file under `dir`, recursively. */
function parquetFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...parquetFiles(p));
    else if (e.name.endsWith('.parquet')) out.push(p);
  }
  return out;
}

/** One entry per dataset: `raw/transactions`, `derived/address_transactions`, `snap/account_snapshots`, … */
const datasets: { name: string; files: string[] }[] = [];
for (const kind of ['raw', 'derived', 'snap', 'dim', 'ref']) {
  let entries: string[] = [];
  try {
    entries = readdirSync(join(version, kind));
  } catch {
    continue;
  }
  for (const e of entries.sort()) {
    const p = join(version, kind, e);
    const files = statSync(p).isDirectory() ? parquetFiles(p) : e.endsWith('.parquet') ? [p] : [];
    if (files.length) datasets.push({ name: `${kind}/${e.replace(/\.parquet$/, '')}`, files });
  }
}

const db = await (await DuckDBInstance.create(':memory:', { threads: '2' })).connect();
const rows = async (sql: string, files: string[]) => {
  const list = `[${files.map((f) => `'${f.replace(/'/g, "''")}'`).join(', ')}]`;
  return (await db.runAndReadAll(sql.replaceAll('$files', list))).getRowObjectsJS();
};
const txRow = await rows(`SELECT sum(num_rows)::BIGINT AS n FROM parquet_file_metadata($files)`,
  datasets.find((d) => d.name === 'raw/transactions')!.files);
const transactions = Number(txRow[0]!.n);

const mb = (b: number) => (b / 1e6).toFixed(1);
const summary: string[] = [];
const detail: string[] = [];
let total = 0;
const perDataset: { name: string; bytes: number; rows: number; groups: number; files: number }[] = [];
for (const d of datasets) {
  const bytes = d.files.reduce((s, f) => s + statSync(f).size, 0);
  total += bytes;
  const [m] = await rows(`SELECT sum(num_rows)::BIGINT AS rows, sum(num_row_groups)::BIGINT AS groups FROM parquet_file_metadata($files)`, d.files);
  perDataset.push({ name: d.name, bytes, rows: Number(m!.rows), groups: Number(m!.groups), files: d.files.length });
  if (bytes < minBytes) continue;
  const cols = await rows(`
    SELECT path_in_schema AS col, any_value(type) AS type, any_value(compression) AS compression,
      sum(total_compressed_size)::BIGINT AS packed, sum(total_uncompressed_size)::BIGINT AS plain,
      string_agg(DISTINCT encodings, ' | ') AS encodings,
      count(*) FILTER (WHERE dictionary_page_offset IS NOT NULL)::BIGINT AS dict_chunks, count(*)::BIGINT AS chunks
    FROM parquet_metadata($files) GROUP BY ALL ORDER BY packed DESC`, d.files);
  const r = Number(m!.rows);
  detail.push(`### ${d.name}: ${mb(bytes)} MB, ${r.toLocaleString('en')} rows, ${Number(m!.groups).toLocaleString('en')} row groups in ${d.files.length} files, ${(bytes / r).toFixed(1)} B/row, ${(bytes / transactions).toFixed(1)} B/tx`, '',
    '| column | type | MB stored | % | MB plain | B/row | encodings | dictionary chunks |', '|---|---|---:|---:|---:|---:|---|---:|');
  const packedAll = cols.reduce((s, c) => s + Number(c.packed), 0);
  for (const c of cols) {
    const packed = Number(c.packed);
    detail.push(`| ${c.col} | ${c.type} | ${mb(packed)} | ${(100 * packed / packedAll).toFixed(1)} | ${mb(Number(c.plain))} | ${(packed / r).toFixed(2)} | ${c.encodings} | ${c.dict_chunks}/${c.chunks} |`);
  }
  detail.push('');
}
perDataset.sort((a, b) => b.bytes - a.bytes);
summary.push(`Lake ${relative(process.cwd(), version)}: ` +
  `${transactions.toLocaleString('en')} transactions, ${mb(total)} MB of Parquet, ${(total / transactions).toFixed(0)} B/tx.`, '',
  '| dataset | MB | B/tx | rows | row groups | files | B/row |', '|---|---:|---:|---:|---:|---:|---:|');
for (const d of perDataset) {
  summary.push(`| ${d.name} | ${mb(d.bytes)} | ${(d.bytes / transactions).toFixed(1)} | ${d.rows.toLocaleString('en')} | ${d.groups.toLocaleString('en')} | ${d.files} | ${d.rows ? (d.bytes / d.rows).toFixed(1) : '-'} |`);
}
const report = [...summary, '', `## Columns of the datasets over ${mb(minBytes)} MB`, '', ...detail].join('\n') + '\n';
if (flags.out) writeFileSync(flags.out, report);
else process.stdout.write(report);
