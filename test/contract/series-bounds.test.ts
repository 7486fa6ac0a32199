/**
 * Series bounds (issue 27 defect 1, SPEC §4.2, §4.10, §8; kit README "Series bounds"): for EVERY series the service
 * serves (discovered from the registry's `series` meta), a request with only a start bound and one with only an end
 * bound answer exactly the days their documented defaults give, each bound on its own: the missing end is the head
 * block's day (or the day before, `defaultEnd: 'yesterday'`), the missing start the lake's first day (`earliest`) or
 * `defaultDays` days before the end. A series with only `days` is checked with its default and with `days` given.
 * The expected days are computed independently of the endpoint: the range from the manifest's first and head blocks
 * and the spec's defaults, the days answered from plain SQL over the raw blocks (every UTC day holding a block), or
 * for a series whose rows are sparse, its own raw-table SQL below. `total` (or `size`) counts the rows of the whole
 * answered range, `data` its last `limit` rows. A span over the maximum given by one bound is a 400 naming that bound.
 *
 * A registered endpoint with a time parameter that is not a series must be named in NOT_SERIES with the reason, so a
 * new series built beside the kit cannot slip by. Runs on both test lakes (vitest.config.ts).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../src/endpoints/index.ts';
import { queryObject } from '../../src/http/openapi.ts';
import type { AnyEndpoint } from '../../src/endpoints/kit/endpoint.ts';
import type { ListMeta } from '../../src/endpoints/kit/list.ts';
import type { SeriesMeta } from '../../src/endpoints/kit/series.ts';
import { get, sql, testManifest } from '../helpers/lake.ts';

type Ep = AnyEndpoint & { list?: ListMeta; series?: SeriesMeta };
const all = endpoints as readonly Ep[];
const series = all.filter((ep) => ep.series);
const DAY = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const msOf = (day: string) => Date.parse(`${day}T00:00:00Z`);
const addDays = (day: string, n: number) => dayOf(msOf(day) + n * DAY);

/** Time parameters that bound a range or pick a day (a list's `start` is its paging offset, a series' is in its meta). */
const TIME_PARAMS = ['start_timestamp', 'end_timestamp', 'start_day', 'end_day', 'startTime', 'endTime', 'days', 'day', 'time', 'end'];

/** Endpoints with a time parameter that are neither series nor lists (lists filter by time: no default range), and why. */
const NOT_SERIES: Record<string, string> = {
  '/api/energydailystatistic': '`day` picks one day of a ranking (default the head block day), no range',
  '/api/triggeramountstatistic': '`day` picks one day of a ranking (default the head block day), no range',
  '/api/chainparameters': '`time` picks the parameters in force at one instant',
  '/api/top10': '`time` picks a window code (0 realtime … 4 last 3 days), not a bound',
  '/api/deep/stableCoin/totalSupply/keyEvents': '`startTime` / `endTime` filter a paged list of events (no series, no span limit in SPEC §4.4.1)',
  '/api/trx/volume': '`start_timestamp` / `end_timestamp` filter a paged list of daily candles (start / limit, newest first; both bounds tested in test/endpoints/statistics/trx-volume.test.ts)',
  '/api/deep/account/relatedAccount': '`startTime` / `endTime` bound the sums of a counterparty list (at most 90 days; bounds tested in test/endpoints/deep/related-account.test.ts)',
  '/api/deep/stableCoin/liquidity/transaction': '`startTimestamp` / `endTimestamp` filter a paged list of events (at most 60 days; bounds tested in test/endpoints/deep/liquidity-transaction.test.ts)',
  '/api/deep/stableCoin/bigAmount': '`startTime` / `endTime` filter a list of transfers (at most 6 months; bounds tested in test/endpoints/deep/stablecoin-big-amount.test.ts)',
  '/api/deep/account/token/bigAmount': '`startTime` / `endTime` filter a list of one account\'s transfers (at most 6 months; bounds tested in test/endpoints/deep/account-token-big-amount.test.ts)',
  '/api/tokenTvc': 'one flat object (totals, token rows and a daily line), not one row per day; its bounds are tested in test/endpoints/statistics/token-tvc.test.ts',
  '/api/defiTvl': 'one flat object (totals, project rows and optional daily lines), not one row per day; its bounds are tested in test/endpoints/statistics/defi-tvl.test.ts (issue 34)',
  '/api/stableCoin/pool/trend': 'one Sankey of nodes and links over the window, not one row per day; its bounds are tested in test/endpoints/deep/pool-trend.test.ts (issue 34)',
  '/api/contracts': '`start_timestamp` / `end_timestamp` filter a paged list of contracts by creation time (both bounds tested in test/endpoints/contract/contracts.test.ts)',
  '/api/stableCoin/transferAmount': 'one object per stablecoin (a daily USD line and a 24 h figure), not one row per day; its bounds are tested in test/endpoints/deep/transfer-amount.test.ts',
};

/** Required parameters of a series and the days it answers rows for, when they are not every lake day of the range. */
interface Sample {
  query: string;
  /** Every UTC day the series has a row for (plain SQL over raw tables); default every day holding a block. */
  days?: string[];
  /** Rows only on some days the sample cannot be chosen to cover (prices): the answer must be a subset. */
  subset?: boolean;
}
const samples = new Map<string, Sample>();
let lakeDays: string[] = [];
let headDay = '';
let firstDay = '';

const DAY_SQL = (ts: string) => `strftime(epoch_ms(${ts}), '%Y-%m-%d')`;

beforeAll(async () => {
  const m = await testManifest();
  headDay = dayOf(m.head.timestamp);
  firstDay = dayOf(m.first.timestamp);
  lakeDays = (await sql(`SELECT DISTINCT ${DAY_SQL('timestamp')} AS d FROM raw_blocks ORDER BY d`)).map((r) => String(r.d));
  // token/analysis: the TRC20 token with transfers on the most days; its rows are the days it moved.
  const [tok] = await sql(
    `SELECT contract_address AS t FROM raw_token_transfers WHERE token_standard = 'trc20' GROUP BY 1 ORDER BY count(DISTINCT ${DAY_SQL('timestamp')}) DESC, count(*) DESC, 1 LIMIT 1`,
  );
  const token = String(tok!.t);
  const tokDays = (await sql(`SELECT DISTINCT ${DAY_SQL('timestamp')} AS d FROM raw_token_transfers WHERE contract_address = '${token}' ORDER BY d`)).map((r) => String(r.d));
  samples.set('/api/token/analysis', { query: `token=${token}`, days: tokDays });
  // account/analysis type 4: every lake day of the range (a day without a transaction answers zeros).
  const [addr] = await sql(`SELECT owner_address AS a FROM raw_transactions GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`);
  samples.set('/api/account/analysis', { query: `address=${String(addr!.a)}&type=4`, days: lakeDays });
  // tokenTransfer/analysis: only days with a TRX price (none on a lake without a price feed): a subset of the range.
  samples.set('/api/tokenTransfer/analysis', { query: '', subset: true });
  // USDJ's supply: every day from the later of the lake's first day and 2022-11-22 (the documented earliest date),
  // when the lake holds USDJ (a TRC20 token of its tokens dimension), else none.
  const USDJ = 'TMwFHYXLJaRUPeW6421aqXL4ZEzPRFGkGT';
  const [usdj] = await sql(`SELECT count(*) AS n FROM dim_tokens WHERE token_id = '${USDJ}' AND token_standard = 'trc20'`);
  samples.set('/api/stableCoin/tokenSupply/turnover', { query: `tokenAddress=${USDJ}`, days: Number(usdj!.n) > 0 ? lakeDays.filter((d) => d >= '2022-11-22') : [] });
  // holderToken/asset/valueInfo: the busiest TRC20 receiver of its busiest token; every lake day of the range has a row.
  const [pair] = await sql(`SELECT to_address AS a, contract_address AS c FROM raw_token_transfers WHERE token_standard = 'trc20' GROUP BY 1, 2 ORDER BY count(*) DESC, 1, 2 LIMIT 1`);
  samples.set('/api/account/holderToken/asset/valueInfo', { query: `accountAddress=${String(pair!.a)}&tokenAddress=${String(pair!.c)}` });
  // holderToken/asset/changeBalance: the same pair; its rows are the days the account moved the token (raw transfers).
  const moved = (await sql(`SELECT DISTINCT ${DAY_SQL('timestamp')} AS d FROM raw_token_transfers WHERE token_standard = 'trc20' AND contract_address = '${String(pair!.c)}'
                             AND (from_address = '${String(pair!.a)}' OR to_address = '${String(pair!.a)}') ORDER BY d`)).map((r) => String(r.d));
  // contract/analysis type 4: the most called contract; every lake day of the range (a day without a call answers zeros).
  const [mostCalled] = await sql(`SELECT contract_address AS a FROM raw_transactions WHERE contract_type = 31 AND contract_address IS NOT NULL GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`);
  samples.set('/api/contract/analysis', { query: `address=${String(mostCalled?.a ?? 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb')}&type=4`, days: lakeDays });
  samples.set('/api/account/holderToken/asset/changeBalance', { query: `accountAddress=${String(pair!.a)}&tokenAddress=${String(pair!.c)}`, days: moved });
  // Contract statistics: the contract called on the most days; its rows are the days it was called.
  const [called] = await sql(`SELECT contract_address AS c FROM raw_transactions WHERE contract_type = 31 AND contract_address IS NOT NULL GROUP BY 1
                              ORDER BY count(DISTINCT ${DAY_SQL('timestamp')}) DESC, count(*) DESC, 1 LIMIT 1`);
  const calledDays = (await sql(`SELECT DISTINCT ${DAY_SQL('timestamp')} AS d FROM raw_transactions WHERE contract_type = 31 AND contract_address = '${String(called!.c)}' ORDER BY d`)).map((r) => String(r.d));
  for (const path of ['/api/onecontractenergystatistic', '/api/onecontracttriggerstatistic', '/api/onecontractcallerstatistic']) samples.set(path, { query: `address=${String(called!.c)}`, days: calledDays });
});

/** The day of an answered row, whichever field the reference names it by. */
function rowDay(r: Record<string, unknown>): string {
  for (const k of ['dateDayStr', 'day_string', 'dayStr', 'day', 'date']) {
    const v = r[k];
    if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v)) return v;
    // seconds (stableCoin statistics' `date`) or ms
    if (typeof v === 'number') return dayOf(v < 1e11 ? v * 1000 : v);
  }
  throw new Error(`no day in ${JSON.stringify(r)}`);
}

/** A time parameter's value for a moment inside `day` (noon, so the kit must floor it to its UTC day). */
function bound(meta: SeriesMeta, day: string): string {
  const ms = msOf(day) + DAY / 2;
  return meta.time.unit === 'day' ? day : meta.time.unit === 's' ? String(Math.floor(ms / 1000)) : String(ms);
}

/** Checks the answer of `query` against the range [from, to] by the spec's defaults. */
async function expectRange(ep: Ep, query: string, from: string, to: string) {
  const meta = ep.series!;
  const sample = samples.get(ep.path);
  const q = [sample?.query, query].filter(Boolean).join('&');
  const { status, body } = await get(`${ep.path}?${q}`);
  expect(status, `${ep.path}?${q}: ${JSON.stringify(body)}`).toBe(200);
  const days = (sample?.days ?? lakeDays).filter((d) => d >= from && d <= to);
  const answered = ((body.data ?? body.statistics) as Record<string, unknown>[]).map(rowDay);
  const label = `${ep.path}?${q} (expected ${from}..${to})`;
  if (sample?.subset) {
    for (const d of answered) expect(d >= from && d <= to, `${label}: ${d}`).toBe(true);
    return;
  }
  const kept = meta.limit ? days.slice(Math.max(0, days.length - meta.limit.default)) : days;
  expect(answered, label).toEqual(kept);
  const total = body.total ?? body.size;
  if (total !== undefined) expect(total, `${label}: total counts the range`).toBe(meta.limit ? days.length : kept.length);
}

/** The documented default end of a series: the head block's day, or the day before. */
const defaultEnd = (meta: SeriesMeta) => (meta.time.defaultEnd === 'yesterday' ? addDays(headDay, -1) : headDay);
/** The documented default start for a range ending `to`: the lake's first day, or `days` days before the end. */
const defaultStart = (meta: SeriesMeta, to: string) =>
  meta.time.defaultStart === 'earliest' ? (firstDay < to ? firstDay : to) : addDays(to, -(meta.time.defaultDays - 1));

describe('series bounds', () => {
  it('finds the series: every endpoint with a time parameter is a series, a list or named in NOT_SERIES', () => {
    expect(series.length).toBeGreaterThan(15);
    for (const ep of all) {
      if (ep.series || ep.list || NOT_SERIES[ep.path]) continue;
      const names = Object.keys(queryObject(ep).shape);
      expect(names.filter((n) => TIME_PARAMS.includes(n)), `${ep.path} has a time parameter: declare it with defineSeries or name it in NOT_SERIES`).toEqual([]);
    }
    for (const path of Object.keys(NOT_SERIES)) expect(all.some((ep) => ep.path === path && !ep.series)).toBe(true);
  });

  describe.each(series.map((ep) => [ep.path, ep] as const))('%s', (_path, ep) => {
    const meta = ep.series!;
    // A day a third into the lake as the start, two thirds as the end: both bounds inside the lake, days on both sides.
    const startDay = () => lakeDays[Math.floor(lakeDays.length / 3)]!;
    const endDay = () => lakeDays[Math.floor((2 * lakeDays.length) / 3)]!;

    if (meta.time.start) it('only a start bound: from the start to the default end', async () => {
      await expectRange(ep, `${meta.time.start}=${bound(meta, startDay())}`, startDay(), defaultEnd(meta));
    });

    if (meta.time.end) it('only an end bound: from the default start to the end', async () => {
      await expectRange(ep, `${meta.time.end}=${bound(meta, endDay())}`, defaultStart(meta, endDay()), endDay());
    });

    it('no bound: the documented default range', async () => {
      const to = defaultEnd(meta);
      await expectRange(ep, '', defaultStart(meta, to), to);
    });

    if (meta.time.days) it('days alone: the last days days ending at the default end', async () => {
      const to = defaultEnd(meta);
      await expectRange(ep, `${meta.time.days}=3`, addDays(to, -2), to);
    });

    if (meta.time.start && meta.time.maxDays <= 2000) it('one bound making a span over the maximum is a 400 naming that bound', async () => {
      const sample = samples.get(ep.path)?.query;
      const q = (b: string) => `${ep.path}?${[sample, b].filter(Boolean).join('&')}`;
      const far = addDays(defaultEnd(meta), -meta.time.maxDays);
      const bad = await get(q(`${meta.time.start}=${bound(meta, far)}`));
      expect(bad.status).toBe(400);
      expect(bad.body.param).toBe(meta.time.start);
      expect(bad.body.message).toContain(String(meta.time.maxDays));
      // One day less is the maximum span: answered.
      expect((await get(q(`${meta.time.start}=${bound(meta, addDays(far, 1))}`))).status).toBe(200);
    });

    if (meta.time.end && meta.time.defaultStart === 'earliest') it('an end making a span over the maximum from the lake\'s first day is a 400 naming the end', async () => {
      const sample = samples.get(ep.path)?.query;
      const bad = await get(`${ep.path}?${[sample, `${meta.time.end}=${bound(meta, addDays(firstDay, meta.time.maxDays))}`].filter(Boolean).join('&')}`);
      expect(bad.status).toBe(400);
      expect(bad.body.param).toBe(meta.time.end);
    });
  });
});
