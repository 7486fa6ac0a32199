/**
 * A family of derived datasets: one declaration file (`src/lake/datasets/derived/<family>.ts`) beside one folder of
 * SQL (`sql/derive/<family>/<name>.sql`, and `<name>.merge.sql` for a `state` or per-day `merge` dataset).
 */
import path from 'node:path';
import type { DerivedDataset } from './growth.ts';
import { SQL_ROOT } from '../sql-files.ts';

export interface Family {
  /** kebab-case, the SQL folder's name, e.g. `daily-rollups`. */
  name: string;
  /** In the order a reader meets them; the derive order is computed from what each reads (derive/order.ts). */
  datasets: DerivedDataset[];
  /** Where its SQL lives when not `sql/derive/<name>/` (a test's fixture family). */
  sqlDir?: string;
}

/** The statement ids of a derived dataset, relative to sql/ without `.sql`, e.g. `derive/copies/tx_by_hash`. */
export interface SqlFiles {
  derive: string;
  /** Read only when its growth has a merge SELECT (growth.ts `hasMergeSql`). */
  merge: string;
}

/** The SQL files of `name` in `family`, e.g. `sqlFilesIn(copies, 'tx_by_hash').derive` = `derive/copies/tx_by_hash`. */
export function sqlFilesIn(family: Family, name: string): SqlFiles {
  const dir = path.relative(SQL_ROOT, family.sqlDir ?? path.join(SQL_ROOT, 'derive', family.name));
  const id = path.join(dir, name).split(path.sep).join('/');
  return { derive: id, merge: `${id}.merge` };
}
