/**
 * Growth rules (src/lake/datasets/growth.ts): every derived dataset declares one that fits its columns, a dataset without
 * one is refused, and the size-tiered merge plan of runs (src/lake/derive/runs.ts) keeps runs few and merges only the newest.
 */
import { describe, expect, it } from 'vitest';
import { Db } from '../../src/duckdb/duck.ts';
import { additiveMerge } from '../../src/lake/derive/derive.ts';
import { addressTransactions, dailyContractResources, dailyTransactionStats, derivedDatasets, trc20Balances, txByHash } from '../../src/lake/datasets/index.ts';
import { checkGrowth, type DerivedDataset } from '../../src/lake/datasets/growth.ts';
import { FAN_IN, planMerges, runId, SEALED_ROWS, sealedBucketRows, type Run } from '../../src/lake/derive/runs.ts';

describe('growth rules', () => {
  it('every derived dataset declares a rule its columns support', () => {
    for (const ds of derivedDatasets) {
      expect(['per-day', 'runs', 'state', 'bounded'], ds.name).toContain(ds.growth.rule);
      expect(() => checkGrowth(ds), ds.name).not.toThrow();
    }
  });

  it('a derived dataset without a growth rule, or with one that does not fit, is refused', () => {
    const { growth: _g, ...bare } = txByHash;
    expect(() => checkGrowth(bare)).toThrow(/declares no growth rule/);
    expect(() => checkGrowth({ ...trc20Balances, growth: { rule: 'runs' } })).toThrow(/block_number/);
    expect(() => checkGrowth({ ...txByHash, growth: { rule: 'per-day' } })).toThrow(/per-day/);
    expect(() => checkGrowth({ ...trc20Balances, growth: { rule: 'bounded', boundedBy: ' ' } })).toThrow(/name the dimension/);
    expect(() => checkGrowth({ ...trc20Balances, growth: { rule: 'bounded', boundedBy: 'holders' }, bucketBy: 'holder_address' })).toThrow(/declares that column and 'bucket'/);
    // An additive rollup combines by its measure columns: it needs some, and a summed one is never DOUBLE.
    const unmarked = dailyTransactionStats.columns.map(({ measure: _m, ...col }) => col);
    expect(() => checkGrowth({ ...dailyTransactionStats, columns: unmarked })).toThrow(/measure columns/);
    const doubled = dailyTransactionStats.columns.map((col) => (col.name === 'amount' ? { ...col, type: 'DOUBLE' as const } : col));
    expect(() => checkGrowth({ ...dailyTransactionStats, columns: doubled })).toThrow(/not DOUBLE/);
    // A set holds distinct rows (no measure); a merged per-day dataset needs its merge SELECT; one of the three.
    expect(() => checkGrowth({ ...dailyTransactionStats, growth: { rule: 'per-day', set: true } })).toThrow(/no measure columns/);
    expect(() => checkGrowth({ ...dailyTransactionStats, growth: { rule: 'per-day', additive: true, merge: true } })).toThrow(/one of them/);
    // A side stored as '' for "the row's address" needs that address (bucketBy) and a text column to hold ''.
    expect(() => checkGrowth({ ...txByHash, growth: { rule: 'runs', sameAsAddress: ['tx_hash'] } })).toThrow(/needs bucketBy/);
    expect(() => checkGrowth({ ...addressTransactions, growth: { rule: 'runs', rangeRows: 1000, sameAsAddress: ['block_number'] } })).toThrow(/VARCHAR column/);
    // Per-day sorting writes each day as it lies in one sort: the day leads the order.
    expect(() => checkGrowth({ ...dailyTransactionStats, sortBy: ['contract_type', 'day'] })).toThrow(/'day' first/);
    // A window of days is a positive whole number of days.
    expect(() => checkGrowth({ ...dailyTransactionStats, growth: { rule: 'per-day', keepDays: 0 } })).toThrow(/keepDays/);
    // A dataset literal without `growth` does not type-check as a DerivedDataset either.
    // @ts-expect-error growth is required
    const missing: DerivedDataset = { ...bare };
    expect(missing.growth).toBeUndefined();
  });
});

const run = (from: number, to: number, rows: number): Run => ({ id: runId(from, to), fromBlock: from, toBlock: to, rows });

describe('run merges', () => {
  it(`merges the newest ${FAN_IN} runs of one size tier into one, oldest runs untouched`, () => {
    const big = run(1, 1000, 1_000_000);
    const small = [run(1001, 1010, 900), run(1011, 1020, 1000), run(1021, 1030, 800), run(1031, 1040, 1000)];
    const plan = planMerges([big, ...small]);
    expect(plan).toEqual([small]);
    expect(planMerges([big, ...small.slice(0, 3)])).toEqual([]);
  });

  it('keeps the number of runs logarithmic over many equal publishes', () => {
    let runs: Run[] = [];
    let merges = 0;
    for (let i = 0; i < 1000; i++) {
      runs.push(run(i * 10, i * 10 + 9, 1000));
      for (const g of planMerges(runs)) {
        const at = runs.indexOf(g[0]!);
        runs.splice(at, g.length, run(g[0]!.fromBlock, g[g.length - 1]!.toBlock, g.reduce((a, r) => a + r.rows, 0)));
        merges++;
      }
    }
    expect(runs.reduce((a, r) => a + r.rows, 0)).toBe(1_000_000);
    expect(runs.length).toBeLessThanOrEqual((FAN_IN - 1) * 6);
    expect(merges).toBeLessThan(400);
    for (let i = 1; i < runs.length; i++) expect(runs[i]!.fromBlock).toBe(runs[i - 1]!.toBlock + 1);
  });

  it('never merges a sealed run', () => {
    const sealed = [run(1, 10, SEALED_ROWS), run(11, 20, SEALED_ROWS), run(21, 30, SEALED_ROWS), run(31, 40, SEALED_ROWS)];
    expect(planMerges(sealed)).toEqual([]);
  });

  it('seals by the rows of one file: runs split into 32 bucket files merge until their files are sealed', () => {
    // Four 6-day bench batches of address_transactions (8.65 M rows each, 270 k per bucket file) merge; whole runs
    // sealed at SEALED_ROWS never did.
    const batches = [1, 2, 3, 4].map((i) => run(i * 100, i * 100 + 99, 8_650_000));
    expect(planMerges(batches, 32)).toEqual([batches]);
    expect(planMerges(batches, 1)).toEqual([]);
    const full = [1, 2, 3, 4].map((i) => run(i * 100, i * 100 + 99, SEALED_ROWS * 32));
    expect(planMerges(full, 32)).toEqual([]);
    // Over the 20 batches of the bench profile, the runs per bucket stay at most FAN_IN - 1 per tier.
    let runs: Run[] = [];
    for (let i = 0; i < 20; i++) {
      runs.push(run(i * 100, i * 100 + 99, 8_650_000));
      for (const g of planMerges(runs, 32)) runs.splice(runs.indexOf(g[0]!), g.length, run(g[0]!.fromBlock, g[g.length - 1]!.toBlock, g.reduce((a, r) => a + r.rows, 0)));
    }
    expect(runs.map((r) => r.rows / 8_650_000)).toEqual([16, 4]);
  });

  it('a lower bucket seal stops the merge that would rewrite every earlier batch (a build bounded by disk)', () => {
    // The same 20 batches with runs sealed at 512 K rows a bucket file: four batches (1.08 M a bucket) seal, so the
    // 16th batch does not rewrite batches 1-16; no merge ever takes more than four batches.
    const seal = sealedBucketRows('524288');
    expect(seal).toBe(524_288);
    let runs: Run[] = [];
    let largest = 0;
    for (let i = 0; i < 20; i++) {
      runs.push(run(i * 100, i * 100 + 99, 8_650_000));
      for (const g of planMerges(runs, 32, seal)) {
        largest = Math.max(largest, g.length);
        runs.splice(runs.indexOf(g[0]!), g.length, run(g[0]!.fromBlock, g[g.length - 1]!.toBlock, g.reduce((a, r) => a + r.rows, 0)));
      }
    }
    expect(runs.map((r) => r.rows / 8_650_000)).toEqual([4, 4, 4, 4, 4]);
    expect(largest).toBe(FAN_IN);
    expect(sealedBucketRows(undefined)).toBe(SEALED_ROWS);
    expect(() => sealedBucketRows('0')).toThrow(/TRONLAKE_SEALED_BUCKET_ROWS/);
    expect(() => sealedBucketRows('1e6x')).toThrow(/TRONLAKE_SEALED_BUCKET_ROWS/);
  });
});

describe('measures combined when a publish adds rows to a day (derive.ts additiveMerge)', () => {
  it('sums exactly, keeps a nullable sum NULL when a part is NULL (a burn without a price), keys by the row key', async () => {
    // daily_contract_resources: call_value_raw an exact decimal string, energy_burn_units nullable; keyed by its sortBy.
    const db = await Db.open({ threads: 1 });
    try {
      await db.run('CREATE SCHEMA prevdays');
      await db.run(`CREATE TABLE prevdays.daily_contract_resources AS SELECT * FROM (VALUES
        ('2026-10-01', 1, 'TA', 2, 1, '18446744073709551616', 10, 4, 1, 500, NULL),
        ('2026-10-01', 1, 'TB', 1, 1, '5', 7, 7, 0, 0, 3)) v(day, day_ts, contract_address, call_count, caller_count,
        call_value_raw, energy_usage_total, energy_usage, origin_energy_usage, energy_fee, energy_burn_units)`);
      const fresh = `SELECT * FROM (VALUES
        ('2026-10-01', 1, 'TA', 1, 9, '1', 2, 2, 0, 0, 0),
        ('2026-10-01', 1, 'TB', 3, 9, '10', 1, 0, 0, 100, 4),
        ('2026-10-02', 2, 'TB', 1, 9, '2', 1, 1, 0, 0, 0)) v(day, day_ts, contract_address, call_count, caller_count,
        call_value_raw, energy_usage_total, energy_usage, origin_energy_usage, energy_fee, energy_burn_units)`;
      const rows = await db.all(
        `SELECT day, contract_address, call_count, call_value_raw, energy_fee, energy_burn_units
         FROM (${additiveMerge(dailyContractResources, fresh, ['day', 'contract_address'])}) ORDER BY day, contract_address`,
      );
      expect(rows.map((r) => [r.day, r.contract_address, Number(r.call_count), r.call_value_raw, Number(r.energy_fee), r.energy_burn_units === null ? null : Number(r.energy_burn_units)])).toEqual([
        ['2026-10-01', 'TA', 3, '18446744073709551617', 500, null],
        ['2026-10-01', 'TB', 4, '15', 100, 7],
        ['2026-10-02', 'TB', 1, '2', 0, 0],
      ]);
    } finally {
      db.close();
    }
  });
});
