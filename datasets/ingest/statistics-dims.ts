/**
 * The two small dimensions of the network statistics (issue 11) an ingested lake gets:
 *
 * - `resource_prices`: the node's own price history, `/wallet/getenergyprices` and `/wallet/getbandwidthprices`
 *   (tron-chain-data.md §1.1: `{"prices": "<from ms>:<sun>,<from ms>:<sun>,…"}`), read once per run and rewritten at
 *   each publish. Chosen over deriving prices from receipts (energy_fee / burned units): the node's history also
 *   covers days without a burning transaction and says exactly when a price changed. A node that does not answer
 *   leaves the dataset as it was (empty on a new lake): the figures that need a price are then null, never guessed.
 * - `pre_window_totals`: the chain's totals before the lake's first block, from a JSON file given with
 *   `--pre-window FILE` (`{"as_of_block": N, "tx_count": N, "blockchain_size_bytes": N}`); `as_of_block` must be the
 *   lake's first block - 1, so the totals cannot be attached to the wrong window.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { Db } from '../../src/duckdb/duck.ts';

export interface PriceRow {
  resource: 'energy' | 'bandwidth' | 'memo';
  from_ts: number;
  price_sun: number;
}

/** Parses a java-tron price history, e.g. `parsePriceHistory('energy', '0:100,1575331200000:10')`. */
export function parsePriceHistory(resource: PriceRow['resource'], text: string): PriceRow[] {
  const rows: PriceRow[] = [];
  for (const part of text.split(',').map((p) => p.trim()).filter(Boolean)) {
    const m = /^(\d+):(\d+)$/.exec(part);
    if (!m) throw new Error(`${resource} price history: malformed entry '${part.slice(0, 40)}'`);
    rows.push({ resource, from_ts: Number(m[1]), price_sun: Number(m[2]) });
  }
  return rows.sort((a, b) => a.from_ts - b.from_ts);
}

const bigintText = z.union([z.number().int().nonnegative(), z.string().regex(/^\d+$/)]).transform((v) => BigInt(v));

const preWindowFile = z.object({ as_of_block: z.number().int().min(-1), tx_count: bigintText, blockchain_size_bytes: bigintText }).strict();

export interface PreWindowTotals {
  as_of_block: number;
  tx_count: bigint;
  blockchain_size_bytes: bigint;
  source: string;
}

/** Reads and checks a `--pre-window` file against the lake's first block, e.g. `readPreWindow('pre.json', 43811902)`. */
export function readPreWindow(file: string, firstBlock: number): PreWindowTotals {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new Error(`--pre-window ${file}: not readable JSON (${(e as Error).message})`);
  }
  const r = preWindowFile.safeParse(json);
  if (!r.success) throw new Error(`--pre-window ${file}: ${r.error.issues.map((i) => `${i.path.join('.') || 'file'} ${i.message}`).join('; ')}`);
  if (r.data.as_of_block !== firstBlock - 1) {
    throw new Error(`--pre-window ${file}: as_of_block ${r.data.as_of_block} must be the lake's first block - 1 (${firstBlock - 1})`);
  }
  return { ...r.data, source: file };
}

/** Replaces the staged rows of the dimensions this run knows (prices: when the node answered; totals: when given). */
export async function writeStatisticsDims(db: Db, prices: PriceRow[] | null, pre: PreWindowTotals | null): Promise<void> {
  if (prices) {
    await db.run('DELETE FROM resource_prices');
    for (const p of prices) await db.run(`INSERT INTO resource_prices VALUES ('${p.resource}', ${p.from_ts}, ${p.price_sun})`);
  }
  if (pre) {
    await db.run('DELETE FROM pre_window_totals');
    await db.run(`INSERT INTO pre_window_totals VALUES (${pre.as_of_block}, ${pre.tx_count}, ${pre.blockchain_size_bytes}, '${pre.source.replace(/'/g, "''")}')`);
  }
}
