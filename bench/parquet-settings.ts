/**
 * What a Parquet writer setting does to a lake file: each file given is loaded into memory once (its row order kept)
 * and written again under every setting, reporting bytes, write CPU (user + sys of this process, DuckDB's threads
 * included) and the CPU of reading every column back. The settings of layout.ts `parquetOptions` are chosen from
 * these figures (src/lake/README.md "Row groups", bench/results/lake-bytes.md).
 *
 *   npx tsx bench/parquet-settings.ts --files a.parquet,b.parquet [--settings 'L1=…;L3=…'] [--repeat 3] [--out FILE]
 *
 * A setting is a name and the COPY options after `FORMAT parquet, PARQUET_VERSION V2`, e.g.
 * `L3=COMPRESSION zstd, COMPRESSION_LEVEL 3, ROW_GROUP_SIZE 4096`. Without --settings: zstd levels 1, 3, 6, 9 at the
 * file's own row-group size. Files are written to a temporary folder, deleted at the end.
 */
import { DuckDBInstance } from '@duckdb/node-api';
import { appendFileSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { parseFlags } from '../src/cli-flags.ts';

const flags = parseFlags(process.argv.slice(2));
if (!flags.files) throw new Error('--files a.parquet,b.parquet is required');
const files = flags.files.split(',');
const repeat = Number(flags.repeat ?? 3);
const work = mkdtempSync(join(tmpdir(), 'tronlake-parquet-settings-'));
const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const lit = (s: string) => `'${s.replace(/'/g, "''")}'`;
const lines: string[] = [`Load average before: ${loadavg().map((l) => l.toFixed(2)).join(' ')}.`, ''];

try {
  const db = await (await DuckDBInstance.create(':memory:', { threads: '2', memory_limit: '6GB', temp_directory: join(work, 'spill') })).connect();
  for (const [i, file] of files.entries()) {
    const meta = (await db.runAndReadAll(`SELECT sum(num_rows)::BIGINT AS n, max(num_row_groups) AS g FROM parquet_file_metadata(${lit(file)})`)).getRowObjectsJS()[0]!;
    const rows = Number(meta.n);
    const group = Math.round(rows / Number(meta.g) / 1024) * 1024 || 2048;
    const settings = flags.settings
      ? flags.settings.split(';').map((s) => s.split('=') as [string, string])
      : [1, 3, 6, 9].map((l) => [`zstd ${l}`, `COMPRESSION zstd, COMPRESSION_LEVEL ${l}, ROW_GROUP_SIZE ${group}`] as [string, string]);
    await db.run(`CREATE OR REPLACE TABLE src AS SELECT * FROM read_parquet(${lit(file)})`);
    const cols = (await db.runAndReadAll(`SELECT column_name FROM (DESCRIBE src)`)).getRowObjectsJS().map((r) => `"${String(r.column_name)}"`);
    lines.push(`### ${file.split('/').slice(-3).join('/')}: ${rows.toLocaleString('en')} rows, ${(statSync(file).size / 1e6).toFixed(2)} MB as published`, '',
      '| setting | MB | vs first | write CPU ms (median) | read-all CPU ms (median) |', '|---|---:|---:|---:|---:|');
    let first = 0;
    for (const [name, options] of settings) {
      const out = join(work, `${i}-${basename(file)}-${name.replace(/\W/g, '_')}.parquet`);
      const writes: number[] = [];
      const reads: number[] = [];
      for (let r = 0; r < repeat; r++) {
        const t0 = cpu();
        await db.run(`COPY src TO ${lit(out)} (FORMAT parquet, PARQUET_VERSION V2, ${options})`);
        writes.push(cpu() - t0);
        const t1 = cpu();
        await db.run(`SELECT ${cols.map((c) => `max(${c})`).join(', ')} FROM read_parquet(${lit(out)})`);
        reads.push(cpu() - t1);
      }
      const size = statSync(out).size;
      first ||= size;
      const med = (xs: number[]) => xs.sort((a, b) => a - b)[xs.length >> 1]!.toFixed(0);
      lines.push(`| ${name} (${options}) | ${(size / 1e6).toFixed(2)} | ${(size / first).toFixed(3)} | ${med(writes)} | ${med(reads)} |`);
      rmSync(out);
    }
    lines.push('');
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
lines.push(`Load average after: ${loadavg().map((l) => l.toFixed(2)).join(' ')}.`);
const report = lines.join('\n') + '\n';
if (flags.out) appendFileSync(flags.out, report);
else process.stdout.write(report);
