/**
 * The midnight edge of witness_daily_stats (issue 13, part B): a missed slot is counted on the day of the slot, also
 * when the gap holding it crosses UTC midnight and the block after the gap arrives in a later publish than the block
 * before it. A hand-made chain: 27 producers in rotation by absolute slot (the schedule witness_daily_stats reads),
 * a block every 3 s for an hour around a midnight, and one gap from 12 s before midnight to 9 s after it (3 missed
 * slots on the first day; the 2 maintenance slots at midnight skipped, not missed; 1 missed slot on the second day).
 * Published once in full, and as many small publishes (whole days rewritten, and appends of the new blocks only,
 * as the ingester following the chain does) whose cut falls in the gap: the same rows, and the misses computed here
 * from the slot rule.
 */
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Db } from '../../src/duckdb/duck.ts';
import { columnDDL, sourceDatasets, witnessDailyStats } from '../../src/lake/datasets/index.ts';
import { versionDir, type Manifest } from '../../src/lake/manifest.ts';
import { publishVersion } from '../../src/lake/publish/publish.ts';
import { contentOf } from '../helpers/lake-content.ts';
import { budget } from '../helpers/budget.ts';

const DAY_MS = 86_400_000;
const MIDNIGHT = Date.UTC(2026, 9, 10); // a maintenance boundary (every 6 h from UTC midnight)
const FIRST_TS = MIDNIGHT - 1_800_000;
const LAST_TS = MIDNIGHT + 1_800_000;
const GAP = { from: MIDNIGHT - 12_000, to: MIDNIGHT + 9_000 }; // the last block before and the first after the gap
const FIRST_BLOCK = 5_000_000;

const producer = (ts: number): string => `W${(ts / 3000) % 27}`;
const dayOf = (ts: number): string => new Date(Math.floor(ts / DAY_MS) * DAY_MS).toISOString().slice(0, 10);

/** The block times: every slot of the hour but those inside the gap and the 2 maintenance slots at midnight. */
function blockTimes(): number[] {
  const out: number[] = [];
  for (let ts = FIRST_TS; ts <= LAST_TS; ts += 3000) {
    if (ts > GAP.from && ts < GAP.to) continue;
    if (ts === MIDNIGHT || ts === MIDNIGHT + 3000) continue;
    out.push(ts);
  }
  return out;
}

describe('witness_daily_stats across midnight', () => {
  let db: Db;
  let root: string;
  let full: Manifest;
  let byDays: Manifest;
  let appended: Manifest;
  const times = blockTimes();
  const numberAt = (ts: number): number => FIRST_BLOCK + times.indexOf(ts);
  const lastBefore = numberAt(GAP.from);

  /** Stages the blocks numbered in (below, upTo] (every other source table empty) and publishes them. */
  const publish = async (dir: string, below: number, upTo: number, opts: { days?: string[]; append?: boolean }): Promise<Manifest> => {
    for (const ds of sourceDatasets) await db.run(`CREATE OR REPLACE TABLE ${ds.name} (${columnDDL(ds)})`);
    await db.run(`INSERT INTO blocks SELECT * FROM all_blocks WHERE block_number > ${below} AND block_number <= ${upTo}`);
    return publishVersion(db, { dataDir: dir, source: { kind: 'test' }, solidBlock: upTo, ...opts });
  };

  beforeAll(async () => {
    db = await Db.open({ threads: 2 });
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'tronlake-midnight-'));
    const rows = times.map((ts, i) => {
      const n = FIRST_BLOCK + i;
      const hash = n.toString(16).padStart(16, '0').padEnd(64, 'a');
      const parent = (n - 1).toString(16).padStart(16, '0').padEnd(64, 'a');
      return `(${n}, '${hash}', '${parent}', ${ts}, '${producer(ts)}', '${'0'.repeat(64)}', 30, 200, ${i % 3}, 0, 0, 0)`;
    });
    await db.run(`CREATE TABLE all_blocks AS SELECT * FROM (VALUES ${rows.join(', ')}) v(block_number, block_hash, parent_hash, "timestamp", witness_address, tx_trie_root, version, size_bytes, tx_count, net_usage, energy_usage, fee)`);
    const last = FIRST_BLOCK + times.length - 1;
    full = await publish(path.join(root, 'full'), 0, last, {});
    // Whole days rewritten (a days publish stages the whole of each day it rewrites): the day before midnight in two
    // steps, then the day after it, the block after the gap first.
    const days = path.join(root, 'days');
    for (const upTo of [lastBefore - 100, lastBefore, lastBefore + 1, last]) {
      const ts = times[upTo - FIRST_BLOCK]!;
      for (const ds of sourceDatasets) await db.run(`CREATE OR REPLACE TABLE ${ds.name} (${columnDDL(ds)})`);
      await db.run(`INSERT INTO blocks SELECT * FROM all_blocks WHERE block_number <= ${upTo} AND strftime(epoch_ms("timestamp"), '%Y-%m-%d') = '${dayOf(ts)}'`);
      byDays = await publishVersion(db, { dataDir: days, source: { kind: 'test' }, solidBlock: upTo, days: [dayOf(ts)] });
    }
    // Appends of the new blocks only, the cut in the gap, then a block at a time for a few blocks.
    const app = path.join(root, 'append');
    let below = 0;
    for (const upTo of [lastBefore - 1, lastBefore, lastBefore + 1, lastBefore + 2, lastBefore + 3, last]) {
      appended = await publish(app, below, upTo, { append: true });
      below = upTo;
    }
  }, budget(40));

  afterAll(async () => {
    db?.close();
    if (root) await fs.rm(root, { recursive: true, force: true });
  });

  it('the full derive counts each missed slot on its own day, for the producer of its rotation position', async () => {
    const got = await db.all(`SELECT day, witness_address, missed FROM read_parquet('${versionDir(path.join(root, 'full'), full)}/derived/witness_daily_stats/*/*.parquet', hive_partitioning = false) WHERE missed > 0 ORDER BY day, witness_address`);
    // The slot rule applied here: the slots strictly inside the gap, less the 2 after the maintenance boundary.
    const want = new Map<string, number>();
    for (let ts = GAP.from + 3000; ts < GAP.to; ts += 3000) {
      if (ts % 21_600_000 < 6000) continue;
      const key = `${dayOf(ts)} ${producer(ts)}`;
      want.set(key, (want.get(key) ?? 0) + 1);
    }
    expect(got.map((r) => `${r.day} ${r.witness_address} ${r.missed}`)).toEqual([...want].sort().map(([k, n]) => `${k} ${n}`));
    expect([...want.values()].reduce((a, b) => a + b, 0)).toBe(4);
  });

  it('publishes whose cut falls in the gap hold the same rows as the full derive (days rewritten, and appends)', async () => {
    const want = await contentOf(db, versionDir(path.join(root, 'full'), full), full, [witnessDailyStats]);
    expect(await contentOf(db, versionDir(path.join(root, 'days'), byDays), byDays, [witnessDailyStats])).toEqual(want);
    expect(await contentOf(db, versionDir(path.join(root, 'append'), appended), appended, [witnessDailyStats])).toEqual(want);
  });

  it('the publish of the first block after the gap recomputes the day before midnight too, and says so', async () => {
    expect(appended.tables.witness_daily_stats?.rebuilt?.detail).toBe(`recomputed ${dayOf(GAP.to)}`);
    const m = await publish(path.join(root, 'edge'), 0, lastBefore, { append: true });
    expect(m.tables.witness_daily_stats?.rebuilt?.how).toBe('full');
    const edge = await publish(path.join(root, 'edge'), lastBefore, lastBefore + 1, { append: true });
    expect(edge.tables.witness_daily_stats?.rebuilt?.detail).toBe(`recomputed ${dayOf(GAP.from)} ${dayOf(GAP.to)}`);
  });
});
