/**
 * GET /api/stableCoin/distribution/change (SPEC §4.4; shape: reference §3): one stablecoin contract's positive
 * balances per UTC day by holder category (the categories of /api/stableCoin/distribution), with each day's 10 largest
 * holders: the points of the derived dataset daily_stablecoin_distribution (a point on every day a holder's balance at
 * its end is not zero or a balance moved), `timestamp` the day's 00:00 UTC in ms, amounts at the end of the day (the
 * head day: at the head); `others` = other accounts + other contracts. Statement: sql/deep/distribution-change.sql.
 * The answer depends on the version and the contract alone (6 values): read once per version and contract, kept with
 * the version. `format=csv`: one row per point, the category columns and `top10Holders` as JSON text (docs/compat.md).
 */
import { z } from 'zod';
import { ratioDecimal } from '../../params/amounts.ts';
import { defineEndpoint, type EndpointContext } from '../kit/endpoint.ts';
import { formatField } from '../kit/exports.ts';
import { perVersion } from '../kit/per-version.ts';
import { decimalString, intString, shape } from '../kit/schemas.ts';
import { itemsTable, stableTokenParam, type StableContract } from '../shapes/stablecoin-shape.ts';

const QUERIES = { days: 'deep/distribution-change' } as const;
const PLACES = 6;

const params = z.object({ token: stableTokenParam(), format: formatField() });

const holder = shape({ address: z.string(), value: intString, percent: decimalString });
const point = shape({
  timestamp: z.number().int(),
  exchange: intString,
  JustLend: intString,
  SunSwap: intString,
  SunCurve: intString,
  others: intString,
  top10Holders: z.array(holder),
});
type Point = z.output<typeof point>;

/** Categories of the statement as the answer's keys: other accounts and other contracts are `others` together. */
const KEY_OF: ReadonlyMap<string, 'exchange' | 'JustLend' | 'SunSwap' | 'SunCurve' | 'others'> = new Map([
  ['exchange', 'exchange'], ['JustLend', 'JustLend'], ['SunSwap', 'SunSwap'], ['SunCurve', 'SunCurve'],
  ['otherAccount', 'others'], ['otherContract', 'others'],
]);

async function pointsOf(token: StableContract, ctx: EndpointContext): Promise<readonly Point[]> {
  // `token` is one of the registry's six contracts (the param's closed set), so at most six values per version.
  return perVersion(ctx.manifest, `deep/distribution-change:${token.address}`, async () => {
    const rows = await ctx.typedRows(QUERIES.days, { token: token.address });
    const byDay = new Map<string, { sums: Map<string, bigint>; top: { address: string; value: bigint }[] }>();
    const dayOf = (d: string) => {
      let e = byDay.get(d);
      if (!e) byDay.set(d, (e = { sums: new Map(), top: [] }));
      return e;
    };
    for (const r of rows) {
      const e = dayOf(String(r.day));
      if (r.kind === 'category') {
        const key = KEY_OF.get(String(r.key));
        if (key === undefined) throw new Error(`distribution-change: unknown category ${String(r.key)}`);
        e.sums.set(key, (e.sums.get(key) ?? 0n) + BigInt(String(r.value)));
      } else if (r.kind === 'top') {
        e.top.push({ address: String(r.key), value: BigInt(String(r.value)) });
      }
    }
    return Object.freeze([...byDay.entries()].map(([day, e]): Point => {
      const amount = (k: string) => e.sums.get(k) ?? 0n;
      const whole = [...e.sums.values()].reduce((a, b) => a + b, 0n);
      return Object.freeze({
        timestamp: Date.parse(`${day}T00:00:00Z`),
        exchange: amount('exchange').toString(),
        JustLend: amount('JustLend').toString(),
        SunSwap: amount('SunSwap').toString(),
        SunCurve: amount('SunCurve').toString(),
        others: amount('others').toString(),
        top10Holders: e.top.map((t) => ({ address: t.address, value: t.value.toString(), percent: ratioDecimal(t.value, whole, PLACES) })),
      });
    }));
  });
}

const COLUMNS = ['timestamp', 'exchange', 'JustLend', 'SunSwap', 'SunCurve', 'others', 'top10Holders'];

export default defineEndpoint({
  path: '/api/stableCoin/distribution/change',
  method: 'GET',
  summary: "A stablecoin's balances per UTC day by holder category (exchanges, JustLend, SunSwap, SunCurve, others) and its 10 largest holders each day.",
  params,
  response: z.looseObject({
    count: z.number().int().nonnegative(),
    tokenName: z.string(),
    tokenAbbr: z.string(),
    tokenDecimal: z.number().int(),
    data: z.array(point),
  }),
  queries: QUERIES,
  async handle(p, ctx) {
    const data = await pointsOf(p.token, ctx);
    return { count: data.length, tokenName: p.token.tokenName, tokenAbbr: p.token.tokenAbbr, tokenDecimal: p.token.decimals, data };
  },
  csv: {
    filename: 'stablecoin_distribution_change.csv',
    wanted: (p) => p.format === 'csv',
    table: async (p, ctx) => itemsTable(await pointsOf(p.token, ctx), COLUMNS),
  },
});
