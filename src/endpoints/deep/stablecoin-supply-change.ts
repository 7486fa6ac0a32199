/**
 * GET /api/stableCoin/totalSupply/change (SPEC §4.4; shape: reference §3): each stablecoin's supply at the end of
 * every UTC day of [startTime, endTime] (seconds; each missing bound takes its own default: the lake's first day, the
 * head block's day; at most 3660 days), oldest first: `{statistics[{date (UTC midnight, seconds), total, category[]}]}`,
 * `category` one entry per coin (USDD's two contracts added up: docs/compat.md "Stablecoin supply"), `total` the sum
 * of the raw supplies (mixed decimals: the reference says so). Days before the lake holds a supply are not answered.
 * `format=csv`: one line per day, `category` as JSON text (the kit writes nested values so).
 */
import { z } from 'zod';
import { defineSeries } from '../kit/series.ts';
import { intString } from '../kit/schemas.ts';
import { dayString } from '../shapes/stats-shape.ts';
import { coinRank, coinRows } from '../shapes/stablecoin-shape.ts';

const category = z.object({ date: dayString, tokenName: z.string(), address: z.string(), decimal: z.number().int(), totalSupply: intString });

export default defineSeries({
  path: '/api/stableCoin/totalSupply/change',
  summary: 'Supply of each of the five stablecoins at the end of each UTC day (smallest unit, exact).',
  time: { start: 'startTime', end: 'endTime', unit: 's', maxDays: 3660, defaultDays: 3660, defaultStart: 'earliest' },
  granularities: ['day'],
  sql: 'deep/stablecoin-supply-change',
  // One row a day and coin, the same for every range: read once per version.
  perVersion: true,
  sum: [],
  // One rollup row per day and coin: grouped into a row per day (JSON and CSV alike; CSV writes `category` as JSON),
  // the coins of a day in the registry's order.
  after: (rows) => {
    const byDay = new Map<string, (typeof rows)[number][]>();
    for (const r of rows) byDay.set(String(r.day), [...(byDay.get(String(r.day)) ?? []), r]);
    return [...byDay].map(([day, coins]) => ({ day, coins: coinRows(coins.sort((a, b) => coinRank(String(a.coin)) - coinRank(String(b.coin)))) }));
  },
  row: ({ day, coins }) => ({
    date: Date.parse(`${day}T00:00:00Z`) / 1000,
    total: coins.reduce((s, x) => s + BigInt(x.totalSupply), 0n).toString(),
    category: coins.map((c) => ({ date: day, tokenName: c.tokenName, address: c.address, decimal: c.tokenDecimal, totalSupply: c.totalSupply })),
  }),
  envelope: (items) => ({ statistics: items }),
  response: z.object({ statistics: z.array(z.object({ date: z.number().int(), total: intString, category: z.array(category) })) }),
});
