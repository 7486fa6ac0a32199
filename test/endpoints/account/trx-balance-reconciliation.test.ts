/**
 * Issue 14 "Exactness": the TRX balance history is the newest snapshot balance minus the flows after a day, exact
 * only if every TRX flow is in the lake. For every address: head snapshot − Σ trx_flows = opening state, where the
 * opening state is independent of the derive: the generator's snapshot as of the block before the lake's first
 * (generated lake), or the fake node's own opening ledger (ingested lake: test/datasets/ingest/fake-node-state.ts).
 * trx_flows is read from its published files (the code under test), the snapshots and the opening from their sources.
 * The tests' own ledger over the raw tables (test/helpers/trx-moves.ts), which the balance-based endpoints' tests read
 * instead of trx_flows, closes the same way, and trx_flows equals it per address and block.
 */
import { describe, expect, it } from 'vitest';
import { lakeDir, sql, testManifest } from '../../helpers/lake.ts';
import { DEFAULT_BALANCE, STAKERS } from '../../datasets/ingest/fake-node-state.ts';
import { hexToBase58 } from '../../../src/chain/address.ts';
import path from 'node:path';
import { RAW_TRX_MOVES_SQL } from '../../helpers/trx-moves.ts';

const flowsGlob = async (): Promise<string> => {
  const m = await testManifest();
  return `read_parquet('${path.join(lakeDir(), 'versions', m.version, 'derived', 'trx_flows', '*', '*.parquet')}', hive_partitioning = false)`;
};

describe('TRX balance reconciliation: head snapshot − flows = opening state', () => {
  it.each([
    ['trx_flows (the derive)', flowsGlob],
    ["the tests' raw ledger", async () => `(${RAW_TRX_MOVES_SQL})`],
  ])('holds for every address of the lake: %s', async (_name, source) => {
    const m = await testManifest();
    const flows = await source();
    const rows = await sql(`
      WITH head AS (SELECT address, balance, as_of_block, create_time FROM snap_account_snapshots QUALIFY row_number() OVER (PARTITION BY address ORDER BY as_of_block DESC) = 1),
      open AS (SELECT address, balance FROM snap_account_snapshots WHERE as_of_block < ${m.first.number}),
      -- flows up to the snapshot's block (an ingested lake holds unconfirmed blocks above the solid head it was read at)
      fl AS (SELECT f.address, sum(f.delta) AS d, count(*) AS n FROM ${flows} f
             LEFT JOIN head h ON h.address = f.address WHERE f.block_number <= coalesce(h.as_of_block, ${Number.MAX_SAFE_INTEGER}) GROUP BY f.address)
      SELECT coalesce(h.address, fl.address) AS address, h.balance AS head, h.create_time, o.balance AS opening, coalesce(fl.d, 0) AS flow, coalesce(fl.n, 0) AS n
      FROM head h FULL JOIN fl USING (address) LEFT JOIN open o USING (address)`);
    const generated = m.source.kind === 'generate';
    const stakers = new Map(STAKERS.map((hex, i) => [hexToBase58(hex), 1_000_000_000_000n * BigInt(i + 1)]));
    // The fake node opens every account it knows with DEFAULT_BALANCE, its stakers with their own balances; an
    // address it never knew (no flow, answered as an empty account: no creation time) has none.
    const unknown = (r: (typeof rows)[number]): boolean => Number(r.n) === 0 && Number(r.create_time ?? 0) === 0;
    const opening = (r: (typeof rows)[number]): bigint =>
      generated ? BigInt(String(r.opening ?? 0)) : unknown(r) ? 0n : (stakers.get(String(r.address)) ?? DEFAULT_BALANCE);
    const withFlows = rows.filter((r) => Number(r.n) > 0);
    expect(withFlows.length).toBeGreaterThan(generated ? 1000 : 50);
    const noSnapshot = rows.filter((r) => r.head === null || r.head === undefined).map((r) => r.address);
    expect(noSnapshot, 'addresses whose TRX moved without an account snapshot').toEqual([]);
    const off = rows
      .filter((r) => BigInt(String(r.head)) - BigInt(String(r.flow)) !== opening(r))
      .map((r) => `${r.address}: head ${r.head} − flows ${r.flow} ≠ opening ${opening(r)}`);
    expect(off).toEqual([]);
  });

  it('trx_flows moves every address by the raw ledger\'s amount in every block', async () => {
    const per = (src: string): string =>
      `SELECT address, block_number, "timestamp", CAST(sum(delta) AS HUGEINT) AS d FROM ${src} GROUP BY ALL HAVING sum(delta) <> 0`;
    const diff = await sql(`WITH a AS (${per(await flowsGlob())}), b AS (${per(`(${RAW_TRX_MOVES_SQL})`)})
      SELECT coalesce(a.address, b.address) AS address, coalesce(a.block_number, b.block_number) AS block,
             CAST(a.d AS VARCHAR) AS derived, CAST(b.d AS VARCHAR) AS raw
      FROM a FULL JOIN b USING (address, block_number, "timestamp") WHERE a.d IS DISTINCT FROM b.d ORDER BY 1, 2 LIMIT 20`);
    expect(diff).toEqual([]);
    const [{ n }] = (await sql(`SELECT count(*) AS n FROM (${RAW_TRX_MOVES_SQL})`)) as [{ n: unknown }];
    expect(Number(n)).toBeGreaterThan(100);
  });
});
