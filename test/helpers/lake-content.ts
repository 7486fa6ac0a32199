/**
 * A lake version's content per dataset, for "same data" assertions (incremental == full, partial == full rederive):
 * row count and the sum of row hashes over the catalog's columns. DOUBLE columns are compared to 10 digits: a sum of
 * DOUBLEs may differ in its last bits with the order rows are added (threads), not with what is summed. A keys-only
 * dataset (growth keysOnly, no Parquet) is read from its key files with the format's reader, its rows hashed here.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import type { Db } from '../../src/duckdb/duck.ts';
import { keysOnly } from '../../src/lake/datasets/growth.ts';
import { KeyFile } from '../../src/lake/key-files.ts';
import type { Dataset } from '../../src/lake/datasets/index.ts';
import type { Manifest } from '../../src/lake/manifest.ts';
import { datasetGlob, keyFileName } from '../../src/lake/views.ts';

/** Row count and the sum (mod 2^64) of each row's hash, over the key files of a keys-only dataset's runs. */
function keyFilesContent(dir: string, m: Manifest, ds: Dataset): string {
  let n = 0;
  let h = 0n;
  for (const r of m.tables[ds.name]!.runs ?? []) {
    const f = KeyFile.open(path.join(dir, 'derived', ds.name, keyFileName(r.id)));
    try {
      for (const row of f.rows(0, f.rowCount)) {
        n++;
        const text = JSON.stringify(row, (_k, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v));
        h = (h + createHash('sha256').update(text).digest().readBigUInt64LE(0)) % (1n << 64n);
      }
    } finally {
      f.close();
    }
  }
  return `${n}:keys:${h}`;
}

/** e.g. `{ address_transactions: '6108927:1234…', token_flows: 'empty' }` for the version folder `dir` of `m`. */
export async function contentOf(db: Db, dir: string, m: Manifest, datasets: readonly Dataset[]): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const ds of datasets) {
    if ((m.tables[ds.name]?.rows ?? 0) === 0) {
      out[ds.name] = 'empty';
      continue;
    }
    if (keysOnly(ds)) {
      out[ds.name] = keyFilesContent(dir, m, ds);
      continue;
    }
    const cols = ds.columns.filter((c) => c.name !== 'bucket').map((c) => (c.type === 'DOUBLE' ? `printf('%.9e', "${c.name}")` : `"${c.name}"`));
    const [r] = await db.all(
      `SELECT count(*) AS n, CAST(sum(CAST(hash(${cols.join(', ')}) AS HUGEINT)) AS VARCHAR) AS h FROM read_parquet('${datasetGlob(dir, ds)}', hive_partitioning = false)`,
    );
    out[ds.name] = `${r!.n}:${r!.h}`;
  }
  return out;
}
