/**
 * Timing of one SQL statement in a DuckDB connection, for the layout measurements (narrow-index.ts, bucket-scale.ts):
 * SQL only, no HTTP, so no runner. One warm-up run first (the Parquet metadata cache is then warm, as in a serving
 * process), then the median of `repeat` timed runs, in ms.
 */
import type { DuckDBConnection } from '@duckdb/node-api';

export async function medianMs(con: DuckDBConnection, sql: string, repeat: number): Promise<number> {
  return medianOf(() => con.runAndReadAll(sql), repeat);
}

/** The same warm-up and median for any query run, e.g. a prepared statement bound anew each time. */
export async function medianOf(run: () => Promise<unknown>, repeat: number): Promise<number> {
  await run();
  const t: number[] = [];
  for (let i = 0; i < repeat; i++) {
    const s = performance.now();
    await run();
    t.push(performance.now() - s);
  }
  return t.sort((a, b) => a - b)[Math.floor(t.length / 2)]!;
}
