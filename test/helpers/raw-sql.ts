/** Plain SQL over Parquet files by path (an independent DuckDB, its own globs), for tests that build their own lakes. */
import { Db, type Row } from '../../src/duckdb/duck.ts';

/** Runs `query` in a fresh in-memory DuckDB, e.g. `await sqlOver(v, "SELECT count(*) FROM read_parquet('…')")`. */
export async function sqlOver(_versionDir: string, query: string): Promise<Row[]> {
  const db = await Db.open({ threads: 1 });
  try {
    return await db.all(query);
  } finally {
    db.close();
  }
}
