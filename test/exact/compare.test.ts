/**
 * Issue 16 acceptance on the tiny lake: every amount, supply and sum of the served endpoints equals exact SQL over
 * the raw tables to the last digit (test/exact/checks.ts; the same audit runs on the default lake through
 * test/exact/default-lake.ts).
 */
import { describe, expect, it } from 'vitest';
import { get, sql, testManifest } from '../helpers/lake.ts';
import { audit } from './checks.ts';

describe('exact numbers across the served endpoints (issue 16)', () => {
  it('every compared amount, supply and sum matches the raw tables to the last digit', async () => {
    const head = (await testManifest()).head.timestamp;
    const result = await audit({ get: async (url) => { const r = await get(url); return { status: r.status, text: r.text }; }, sql, head });
    console.log(JSON.stringify(result.counts));
    expect(result.mismatches.map((x) => `${x.endpoint} ${x.key}: ${x.got} ≠ ${x.want}`)).toEqual([]);
    const endpoints = Object.keys(result.counts);
    expect(endpoints.length).toBeGreaterThanOrEqual(16);
    for (const e of endpoints) expect(result.counts[e], e).toBeGreaterThan(0);
    expect(Object.values(result.counts).reduce((a, b) => a + b, 0)).toBeGreaterThan(300);
  }, 120_000);
});
