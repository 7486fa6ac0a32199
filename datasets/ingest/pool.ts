/** Bounded concurrency for the node reads of the ingester (one helper for snapshots, dimensions and the pipeline). */

/** Runs `f` over `items`, `n` at a time, keeping the order of `items` in the result, e.g. `await pool(ids, 8, fetchOne)`. */
export async function pool<T, R>(items: readonly T[], n: number, f: (x: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const i = next++;
      out[i] = await f(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(n, items.length) }, worker));
  return out;
}
