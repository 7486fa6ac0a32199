/**
 * defineSeries over the tiny lake: a series declared here (transactions per day from sql/statistics/daily-transactions)
 * gives per-bucket sums equal to plain SQL over the raw transactions, rejects a span over its maximum naming the
 * end parameter, and answers CSV. Bucketing is also checked on its own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type TronlakeApp } from '../../../src/http/app.ts';
import { bucketOf, bucketRows, byDay, defineSeries, latestPerBucket } from '../../../src/endpoints/kit/series.ts';
import { utcDay } from '../../../src/endpoints/kit/time-window.ts';
import { lakeDir, sql, testManifest } from '../../helpers/lake.ts';

const series = defineSeries({
  path: '/test/transactions-per-period',
  summary: 'Transactions per period (test series).',
  time: { start: 'start_day', end: 'end_day', unit: 'day', maxDays: 400, defaultDays: 30 },
  granularities: ['day', 'week', 'month', 'quarter', 'year'],
  sql: 'statistics/daily-transactions',
  sum: ['tx_count', 'fee'],
  row: (r) => ({ day: r.day, count: r.tx_count, fee: r.fee }),
});

let app: TronlakeApp;
beforeAll(async () => {
  app = await buildApp({ dataDir: lakeDir(), endpoints: [series], cacheBytes: 0 });
});
afterAll(async () => app?.close());

const get = async (url: string) => {
  const r = await app.inject({ url });
  return { status: r.statusCode, body: r.headers['content-type']?.toString().includes('json') ? JSON.parse(r.body) : r.body };
};

describe('utcDay', () => {
  it('keeps yyyy-MM-dd for every timestamp a time parameter accepts (found by the fuzz: end_timestamp=8639999999999999 gave "+275760-09")', () => {
    expect(utcDay(1662014442000)).toBe('2022-09-01');
    expect(utcDay(8639999999999999)).toBe('9999-12-31');
    expect(utcDay(8.64e15)).toBe('9999-12-31');
    expect(utcDay(-1)).toBe('1970-01-01');
  });
});

describe('byDay and latestPerBucket (rollup templates read without ORDER BY)', () => {
  it('orders rows by day, and keeps each period-to-date bucket\'s row of its latest day in bucket order', () => {
    const rows = [{ day: '2026-10-03', n: 1 }, { day: '2026-09-30', n: 2 }, { day: '2026-10-01', n: 3 }];
    expect(byDay(rows).map((r) => r.day)).toEqual(['2026-09-30', '2026-10-01', '2026-10-03']);
    const ptd = [
      { bucket: '2026-10-01', day: '2026-10-02', n: 5 },
      { bucket: '2026-09-01', day: '2026-09-30', n: 9 },
      { bucket: '2026-10-01', day: '2026-10-04', n: 7 },
      { bucket: '2026-10-01', day: '2026-10-03', n: 6 },
    ];
    expect(latestPerBucket(ptd)).toEqual([{ day: '2026-09-01', last_day: '2026-09-30', n: 9 }, { day: '2026-10-01', last_day: '2026-10-04', n: 7 }]);
  });
});

describe('bucketOf', () => {
  it('maps a day to the first day of its week (Monday), month, quarter and year', () => {
    expect(bucketOf('2026-10-15', 'day')).toBe('2026-10-15');
    expect(bucketOf('2026-10-15', 'week')).toBe('2026-10-12'); // a Thursday
    expect(bucketOf('2026-10-12', 'week')).toBe('2026-10-12'); // a Monday
    expect(bucketOf('2026-11-01', 'week')).toBe('2026-10-26'); // a Sunday
    expect(bucketOf('2026-10-15', 'month')).toBe('2026-10-01');
    expect(bucketOf('2026-08-31', 'quarter')).toBe('2026-07-01');
    expect(bucketOf('2026-10-15', 'year')).toBe('2026-01-01');
  });

  it('keeps an unknown (NULL) figure unknown in its bucket, and passes day rows as they are', () => {
    const rows = [{ day: '2026-10-01', n: 1, u: null }, { day: '2026-10-02', n: 2, u: 5 }, { day: '2026-11-01', n: 3, u: 7 }];
    expect(bucketRows(rows, 'month', ['n', 'u'])).toEqual([{ day: '2026-10-01', n: 3, u: null }, { day: '2026-11-01', n: 3, u: 7 }]);
    expect(bucketRows(rows, 'day', ['n'])).toEqual(rows);
  });

  it('sums bigint measures exactly', () => {
    const big = 2n ** 62n;
    const out = bucketRows([{ day: '2026-10-01', n: big }, { day: '2026-10-02', n: big }], 'month', ['n']);
    expect(out).toEqual([{ day: '2026-10-01', n: 2n * big }]);
  });

  it('sums two safe integers whose sum passes 2^53 exactly (a double would round it), and keeps fractions doubles', () => {
    const safe = Number.MAX_SAFE_INTEGER; // 2^53 - 1
    const out = bucketRows([{ day: '2026-10-01', n: safe, f: 0.5 }, { day: '2026-10-02', n: 2, f: 0.25 }], 'month', ['n', 'f']);
    expect(out).toEqual([{ day: '2026-10-01', n: 9007199254740993n, f: 0.75 }]);
    expect(bucketRows([{ day: '2026-10-01', n: safe - 2 }, { day: '2026-10-02', n: 1 }], 'month', ['n'])).toEqual([{ day: '2026-10-01', n: safe - 1 }]);
  });
});

describe('a declared series', () => {
  it('sums days into every granularity as plain SQL over the raw transactions does', async () => {
    const m = await testManifest();
    const from = new Date(m.first.timestamp).toISOString().slice(0, 10);
    const to = new Date(m.head.timestamp).toISOString().slice(0, 10);
    const truncs = { day: 'day', week: 'week', month: 'month', quarter: 'quarter', year: 'year' } as const;
    for (const g of Object.keys(truncs) as (keyof typeof truncs)[]) {
      const { status, body } = await get(`/test/transactions-per-period?start_day=${from}&end_day=${to}&type=${g}`);
      expect(status).toBe(200);
      const expected = await sql(`
        SELECT CAST(CAST(date_trunc('${truncs[g]}', CAST(epoch_ms("timestamp") AS DATE)) AS DATE) AS VARCHAR) AS day, count(*) AS n
        FROM raw_transactions GROUP BY 1 ORDER BY 1`);
      expect(body.data.map((r: { day: string; count: number }) => [r.day, Number(r.count)]), g).toEqual(expected.map((r) => [String(r.day), Number(r.n)]));
    }
  });

  it('defaults to the last 30 days of the lake and rejects a span over the maximum, naming the end parameter', async () => {
    const { body } = await get('/test/transactions-per-period');
    expect(body.data.length).toBeGreaterThan(0);
    expect(body.data.length).toBeLessThanOrEqual(30);
    const bad = await get('/test/transactions-per-period?start_day=2020-01-01&end_day=2026-01-01');
    expect(bad.status).toBe(400);
    expect(bad.body.param).toBe('end_day');
    const reversed = await get('/test/transactions-per-period?start_day=2026-01-02&end_day=2026-01-01');
    expect(reversed.body.param).toBe('end_day');
    expect((await get('/test/transactions-per-period?type=hour')).body.param).toBe('type');
    expect((await get('/test/transactions-per-period?start_day=2026-13-01')).body.param).toBe('start_day');
  });

  it('answers the same rows as CSV', async () => {
    const json = (await get('/test/transactions-per-period?type=month')).body;
    const r = await app.inject({ url: '/test/transactions-per-period?type=month&format=csv' });
    expect(r.headers['content-type']).toMatch(/text\/csv/);
    const lines = r.body.trim().split(/\r?\n/);
    expect(lines[0]).toBe('day,count,fee');
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(json.data.map((d: { day: string }) => d.day));
  });
});
