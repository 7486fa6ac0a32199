/**
 * The kept rankings of relatedAccount / account transferAmount (shapes/counterparty-shape.ts keptRankings): a busy
 * address over the default window is paged from a ranking the version keeps. Here every address with a row counts as
 * busy, and requests wait for the build, so the kept path answers: its counts and order against plain SQL over the
 * raw transfers (counterparty-expected.ts), and every answer byte for byte against the same request read per
 * request (no address kept), over directions, sorts, limits, and the requests the ranking does not hold (windows,
 * assets, counterparty, ranges).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEPT_RANKINGS } from '../../../src/endpoints/shapes/counterparty-shape.ts';
import { get } from '../../helpers/lake.ts';
import { busyDefaultWindow, DAY, type Expected } from './counterparty-expected.ts';

const RA = '/api/deep/account/relatedAccount';
const TA = '/api/deep/account/transferAmount';
const saved = { ...KEPT_RANKINGS };
let head = 0;
let address = '';
let all: Expected[];

beforeAll(async () => {
  ({ head, address, all } = await busyDefaultWindow());
});
afterAll(() => Object.assign(KEPT_RANKINGS, saved));

/** The answer with every address kept (`kept`) or none, and its statements (Server-Timing). */
async function answer(url: string, kept: boolean): Promise<{ status: number; text: string; timing: string }> {
  Object.assign(KEPT_RANKINGS, { minRows: kept ? 1 : Number.MAX_SAFE_INTEGER, wait: true });
  const r = await get(url);
  return { status: r.status, text: r.text, timing: String(r.headers['server-timing'] ?? '') };
}

const tie = (a: Expected, b: Expected) => (a.address < b.address ? -1 : 1);
const readsRows = (timing: string) => /(^|, )deep_related-account;/.test(timing);

describe('kept counterparty rankings', () => {
  it('has a sample with several counterparties, some each way (the tests below are not vacuous)', () => {
    expect(all.length).toBeGreaterThan(1);
    expect(all.filter((x) => x.timesIn > 0).length).toBeGreaterThan(0);
    expect(all.filter((x) => x.timesOut > 0).length).toBeGreaterThan(0);
  });

  it('pages the kept ranking (no rows statement): counts and order as plain SQL gives them', async () => {
    await answer(`${RA}?address=${address}&limit=1`, true); // builds the rankings
    const r = await answer(`${RA}?address=${address}&sortby=timesOut&direction=2&limit=3`, true);
    expect(readsRows(r.timing), r.timing).toBe(false);
    const outs = all.filter((x) => x.timesOut > 0).sort((a, b) => b.timesOut - a.timesOut || tie(a, b));
    const body = JSON.parse(r.text);
    expect(body.total).toBe(outs.length);
    expect(body.data.map((x: any) => [x.address, x.timesOut])).toEqual(outs.slice(0, 3).map((x) => [x.address, x.timesOut]));
    const t = await answer(`${TA}?address=${address}&sortBy=timesIn&limit=4`, true);
    expect(readsRows(t.timing), t.timing).toBe(false);
    const ins = all.filter((x) => x.timesIn > 0).sort((a, b) => b.timesIn - a.timesIn || tie(a, b));
    const tb = JSON.parse(t.text);
    expect(tb.transfer_in.total).toBe(ins.length);
    expect(tb.transfer_out.total).toBe(outs.length);
    expect(tb.transfer_in.data.map((x: any) => [x.address, x.times])).toEqual(ins.slice(0, 4).map((x) => [x.address, x.timesIn]));
  });

  it('answers byte for byte as the per-request read, kept or not', async () => {
    const s = (ms: number) => Math.floor(ms / 1000);
    await answer(`${RA}?address=${address}&limit=1`, true); // builds the rankings
    const urls: string[] = [];
    for (const d of ['0', '1', '2']) {
      for (const key of ['amountIn', 'amountOut', 'timesIn', 'timesOut']) {
        for (const limit of ['', '&limit=0', '&limit=2', '&limit=500']) {
          urls.push(`${RA}?address=${address}&direction=${d}&sortby=${key}${limit}`, `${TA}?address=${address}&direction=${d}&sortBy=${key}${limit}`);
        }
      }
    }
    const pagedFromRanking = urls.length;
    urls.push(
      `${RA}?address=${address}`, `${TA}?address=${address}`, `${RA}?address=${address}&endTime=${s(head)}`,
      `${RA}?address=${address}&startTime=${s(head - 10 * DAY)}`, `${RA}?address=${address}&endTime=${s(head - 5 * DAY)}`,
      `${RA}?address=${address}&relatedToken=0`, `${TA}?address=${address}&relatedToken=0`,
      `${RA}?address=${address}&relatedAddress=${all[0]!.address}`, `${RA}?address=${address}&txNum=2,`,
      `${RA}?address=${address}&txAmount=0,1&direction=1`,
    );
    for (const [i, url] of urls.entries()) {
      const kept = await answer(url, true);
      const read = await answer(url, false);
      expect(kept.status, url).toBe(200);
      expect(kept.text, url).toBe(read.text);
      expect(readsRows(read.timing), url).toBe(true);
      if (i < pagedFromRanking) expect(readsRows(kept.timing), url).toBe(false);
    }
  });
});
