/**
 * The derived datasets of the contract statistics against plain SQL over the raw transactions:
 * daily_contract_callers (per day), contract_callers and contract_methods (lifetime), row for row.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { lakeDir, sql, testManifest } from '../../helpers/lake.ts';
import { CALLS } from './contract-stats-expected.ts';

let d: (name: string) => string;

beforeAll(async () => {
  const m = await testManifest();
  d = (name) => `read_parquet('${lakeDir()}/versions/${m.version}/derived/${name}/**/*.parquet', hive_partitioning = false)`;
});

/** Rows of `a` not in `b` and of `b` not in `a` (both as sets of whole rows): [] when equal. */
async function difference(a: string, b: string): Promise<unknown[]> {
  return sql(`(select 'stored' side, * from ((${a}) except all (${b}))) union all (select 'expected', * from ((${b}) except all (${a}))) limit 5`);
}

describe('contract statistics datasets', () => {
  it('daily_contract_callers: per UTC day, contract and caller, calls and their energy', async () => {
    const stored = `select day, day_ts, contract_address, caller_address, call_count, energy_usage_total from ${d('daily_contract_callers')}`;
    const want = `select d, epoch_ms(cast(d as date)::timestamp), contract_address, owner_address, count(*), sum(energy_usage_total)::bigint from (${CALLS}) group by all`;
    expect(await difference(stored, want)).toEqual([]);
    const [c] = await sql(`select count(*) n from ${d('daily_contract_callers')}`);
    expect(Number(c!.n)).toBeGreaterThan(0);
  });

  it('contract_callers and contract_methods: lifetime calls per contract and caller / selector, with the first and last call', async () => {
    const callers = `select contract_address, caller_address, call_count, first_ts, last_ts from ${d('contract_callers')}`;
    expect(await difference(callers, `select contract_address, owner_address, count(*), min(timestamp), max(timestamp) from (${CALLS}) group by all`)).toEqual([]);
    const methods = `select contract_address, method_id, call_count, last_ts from ${d('contract_methods')}`;
    expect(await difference(methods, `select contract_address, coalesce(method_id, ''), count(*), max(timestamp) from (${CALLS}) group by all`)).toEqual([]);
  });
});
