/**
 * A lake version's content per dataset, for "same data" assertions (incremental == full, partial == full rederive):
 * row count and the sum of row hashes over the catalog's columns. DOUBLE columns are compared to 10 digits: a sum of
 * DOUBLEs may differ in its last bits with the order rows are added (threads), not with what is summed.
 */
import type { Db } from '../../src/duckdb/duck.ts';
import type { Dataset } from '../../src/lake/datasets/index.ts';
import type { Manifest } from '../../src/lake/manifest.ts';
import { datasetGlob } from '../../src/lake/views.ts';

/** e.g. `{ address_transactions: '6108927:1234…', token_flows: 'empty' }` for the version folder `dir` of `m`. */
export async function contentOf(db: Db, dir: string, m: Manifest, datasets: readonly Dataset[]): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const ds of datasets) {
    if ((m.tables[ds.name]?.rows ?? 0) === 0) {
      out[ds.name] = 'empty';
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
