/**
 * Issue 16 acceptance on the test lakes: every amount, supply, count and sum of the served endpoints equals exact SQL
 * over the raw tables to the last digit (test/exact/checks.ts; the same audit runs on the default lake through
 * test/exact/default-lake.ts). Every registered endpoint is audited, or named in `NOT_AUDITED` (checks.ts) with the
 * reason it is not: a new endpoint joins the audit (or that list) before it is served.
 */
import { describe, expect, it } from 'vitest';
import { endpoints } from '../../src/endpoints/index.ts';
import { get, sql, testManifest } from '../helpers/lake.ts';
import { NOT_AUDITED, audit } from './checks.ts';
import { budget } from '../helpers/budget.ts';

/** Endpoints whose figures need data a valid lake may lack (the ingested one has no prices and no account snapshots). */
const NEEDS = {
  prices: ['/api/token/price', '/api/tokenTransfer/analysis'],
  snapshots: ['/api/account/votes', '/api/vote', '/api/account/resource/unfreeze', '/api/account/resource',
    '/api/account/list', '/api/accountv2'],
};

describe('exact numbers across the served endpoints (issue 16)', () => {
  it('every compared amount, supply and sum matches the raw tables to the last digit, on every audited endpoint', async () => {
    const head = (await testManifest()).head.timestamp;
    const result = await audit({ get: async (url) => { const r = await get(url); return { status: r.status, text: r.text }; }, sql, head });
    expect(result.mismatches.map((x) => `${x.endpoint} ${x.key}: ${x.got} ≠ ${x.want}`)).toEqual([]);
    const [has] = await sql(`SELECT (SELECT count(*) FROM rule_day_prices) AS prices, (SELECT count(*) FROM snap_account_snapshots) AS snapshots`);
    const optional = new Set([...(Number(has!.prices) ? [] : NEEDS.prices), ...(Number(has!.snapshots) ? [] : NEEDS.snapshots)]);
    const registered = [...new Set(endpoints.map((e) => e.path))];
    const missing = registered.filter((p) => !NOT_AUDITED[p] && !optional.has(p) && !(result.counts[p]! > 0));
    expect(missing, 'served endpoints the audit does not compare').toEqual([]);
    expect(Object.keys(NOT_AUDITED).filter((p) => !registered.includes(p)), 'stale NOT_AUDITED entries').toEqual([]);
    expect(Object.values(result.counts).reduce((a, b) => a + b, 0)).toBeGreaterThan(900);
  }, budget(40));
});
