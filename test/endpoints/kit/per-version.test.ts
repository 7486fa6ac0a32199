/**
 * What a version answers the same for every request is read once and kept with it (src/endpoints/kit/per-version.ts):
 * `perVersion` loads once per version object and again for another, forgets a failed read and a value `keep` refuses;
 * `ctx.versionRows` over the test lake runs its statement once per version, answers what `typedRows` answers, freezes
 * the rows it keeps, and keeps no more than VERSION_BIND_SETS_MAX bind sets of one statement; `ctx.typedChunks`
 * hands over typedRows' rows in order, chunk by chunk.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Engine } from '../../../src/engine/engine.ts';
import { endpointContext, loadTemplates } from '../../../src/endpoints/kit/context.ts';
import { keptCount, perVersion, VERSION_BIND_SETS_MAX } from '../../../src/endpoints/kit/per-version.ts';
import voteWitness from '../../../src/endpoints/witness/vote-witness.ts';
import liquidity from '../../../src/endpoints/deep/liquidity-transaction.ts';
import { STABLE_ADDRESSES } from '../../../src/endpoints/shapes/stablecoin-shape.ts';
import { lakeDir, sql, testManifest } from '../../helpers/lake.ts';

describe('perVersion', () => {
  it('loads once per version and again for another version', async () => {
    let loads = 0;
    const load = async () => ++loads;
    const v1 = {};
    expect(await Promise.all([perVersion(v1, 'k', load), perVersion(v1, 'k', load)])).toEqual([1, 1]);
    expect(await perVersion(v1, 'k', load)).toBe(1);
    expect(await perVersion({}, 'k', load)).toBe(2);
    expect(await perVersion(v1, 'other', load)).toBe(3);
  });

  it('does not keep a failed read or a value keep refuses', async () => {
    const v = {};
    await expect(perVersion(v, 'f', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await perVersion(v, 'f', async () => 'up')).toBe('up');
    let loads = 0;
    const big = () => perVersion(v, 'big', async () => ++loads, () => false);
    expect([await big(), await big()]).toEqual([1, 2]);
    expect(keptCount(v, 'big')).toBe(0);
  });
});

describe('ctx.versionRows and ctx.typedChunks', () => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await Engine.open({ dataDir: lakeDir(), manifest: await testManifest(), poolSize: 2, threads: 1, memoryLimit: '1GB', timeoutMs: 30_000 });
  });
  afterAll(async () => engine?.close());

  it('runs a statement once per version, answers its rows frozen, as typedRows does', async () => {
    const templates = await loadTemplates([voteWitness]);
    const timings: string[] = [];
    const ctx = () => endpointContext(engine, templates, voteWitness, timings);
    const fresh = await ctx().typedRows('witness/witnesses', {});
    const first = await ctx().versionRows('witness/witnesses', {});
    const again = await ctx().versionRows('witness/witnesses', {});
    expect(again).toBe(first);
    expect(first).toEqual(fresh);
    // Independent of the template: the witnesses the raw dimension holds.
    const [w] = await sql('SELECT count(*)::INT AS n FROM dim_witnesses');
    expect(first.length).toBe(w!.n);
    expect(Object.isFrozen(first)).toBe(true);
    expect(first.every((r) => Object.isFrozen(r))).toBe(true);
    expect(() => {
      (first[0] as unknown as Record<string, unknown>).name = 'changed';
    }).toThrow(TypeError);
    // typedRows once, versionRows once (the second read came from memory).
    expect(timings.filter((t) => t.startsWith('witness_witnesses;'))).toHaveLength(2);
  });

  it('keeps at most VERSION_BIND_SETS_MAX bind sets of one statement', async () => {
    const templates = await loadTemplates([voteWitness]);
    const ctx = endpointContext(engine, templates, voteWitness);
    // Any addresses: one bind set each (a witness or not, the statement answers its line or none).
    const addresses = (await sql(`SELECT DISTINCT owner_address AS a FROM raw_transactions ORDER BY 1 LIMIT ${VERSION_BIND_SETS_MAX + 2}`)).map((r) => String(r.a));
    expect(addresses.length).toBeGreaterThan(VERSION_BIND_SETS_MAX);
    for (const address of addresses) await ctx.versionRows('witness/vote-line', { address });
    expect(keptCount(engine.manifest, 'rows:witness/vote-line:')).toBe(VERSION_BIND_SETS_MAX);
  });

  it('typedChunks hands over the rows typedRows answers, in its order, in chunks of at most 2,048', async () => {
    const templates = await loadTemplates([liquidity]);
    const ctx = endpointContext(engine, templates, liquidity);
    // Every stablecoin pool event leg of the lake (the statement the endpoint keeps per version): ~10.6k on the
    // generated lake (several chunks), a few hundred on the ingested one.
    const binds = {
      stable: [...STABLE_ADDRESSES], actions: ['add_liquidity', 'remove_liquidity', 'swap'], operator: null, pool: null, project: null, tokens: [],
      start_ts: null, end_ts: null, start_day: null, end_day: null,
    };
    const whole = await ctx.typedRows('deep/liquidity-transaction', binds);
    const chunks: number[] = [];
    const rows: unknown[] = [];
    await ctx.typedChunks('deep/liquidity-transaction', binds, (chunk) => {
      chunks.push(chunk.length);
      rows.push(...chunk);
    });
    // Independent of both: the legs the raw dex_pool_events holds for those actions (the statement may drop none).
    const [n] = await sql(`SELECT count(*)::INT AS n FROM raw_dex_pool_events WHERE action IN ('add_liquidity', 'remove_liquidity', 'swap')`);
    expect(whole.length).toBeGreaterThan(0);
    expect(whole.length).toBeLessThanOrEqual(Number(n!.n));
    expect(Math.max(...chunks)).toBeLessThanOrEqual(2048);
    expect(chunks.length).toBeGreaterThanOrEqual(Math.ceil(whole.length / 2048));
    expect(rows).toEqual(whole);
  });
});
