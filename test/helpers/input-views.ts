/**
 * Plain views over a lake version's input files (raw, dimension, snapshot and reference datasets), the tables every
 * test writes its independent SQL against: one `read_parquet` view per dataset, nothing of the project's own views or
 * templates. An input the version holds no rows of, or lacks, is an empty table with the catalog's columns (as the
 * server's views read it), so a query over an ingested range without approvals still runs.
 */
import path from 'node:path';
import type { Db } from '../../src/duckdb/duck.ts';
import { readManifest, type Manifest } from '../../src/lake/manifest.ts';
import { allDatasets } from '../../src/lake/datasets/index.ts';
import { emptyColumnsDDL } from '../../src/lake/views.ts';

const FOLDER = { raw: 'raw', dimension: 'dim', snapshot: 'snap', reference: 'ref' } as const;

/**
 * Creates the views of `lake`'s current version in `db`, named after the datasets (`transactions`), or with their
 * folder as a prefix when `prefixed` (`raw_transactions`, `dim_tokens`, `snap_…`, `ref_…`); returns the manifest.
 */
export async function createInputViews(db: Db, lake: string, o: { prefixed?: boolean } = {}): Promise<Manifest> {
  const m = await readManifest(lake);
  if (!m) throw new Error(`no lake at ${lake}`);
  const v = path.join(lake, 'versions', m.version);
  for (const ds of allDatasets) {
    if (ds.kind === 'derived') continue;
    const folder = FOLDER[ds.kind];
    const name = o.prefixed ? `${folder}_${ds.name}` : ds.name;
    if ((m.tables[ds.name]?.rows ?? 0) === 0) {
      await db.run(`CREATE TABLE ${name} (${emptyColumnsDDL(ds)})`);
    } else {
      const files = ds.kind === 'raw' ? `${v}/raw/${ds.name}/*/*.parquet` : `${v}/${folder}/${ds.name}.parquet`;
      await db.run(`CREATE VIEW ${name} AS SELECT * FROM read_parquet('${files}'${ds.kind === 'raw' ? ', hive_partitioning = true' : ''})`);
    }
  }
  return m;
}
