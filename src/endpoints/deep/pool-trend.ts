/**
 * GET /api/stableCoin/pool/trend (SPEC §4.4; shape: reference §3, Sankey): one stablecoin pool's swaps per UTC day of
 * [startTimestamp, endTimestamp] (ms; default the 7 days before the end; the start must be after 2022-11-21 08:00:00
 * UTC, the end not after now) and token, in USD at that day's price (exact, rounded once per value; a day and token
 * without a price is left out). Nodes: `in` and `out` (with their USD `value`: the start nodes) and `"<SYMBOL>
 * <yyyy-MM-dd>"`; links `in → <token day>` (swapped into the pool) and `<token day> → out` (swapped out of it).
 * `pool` missing: 400 `pool is required`; no data or a pool off the whitelist: empty arrays. docs/compat.md "DEX pools
 * and TVL (issue 34)".
 *
 * Why kept per version: the statement per request (a join of daily_pool_flows with tokens, prices and the registry)
 * cost ~6.7 ms on the tiny lake for a handful of rows; the table is one row per pool, day and token, so a version's
 * stablecoin pools' rows are read once (ctx.versionRows) and a request cuts its pool and days from them. A table over
 * VERSION_ROWS_MAX rows is read per request for the pool and window, as before.
 */
import { z } from 'zod';
import { address, timestampMs } from '../../params/atoms.ts';
import { multiplyScaled, ratioDecimal } from '../../params/amounts.ts';
import { ApiError } from '../../wire/errors.ts';
import { defineEndpoint } from '../kit/endpoint.ts';
import { VERSION_ROWS_MAX } from '../kit/per-version.ts';
import { decimalString } from '../kit/schemas.ts';
import { STABLE_ADDRESSES } from '../shapes/stablecoin-shape.ts';
import { PLACES } from '../shapes/stablecoin-pool-shape.ts';

const QUERIES = { days: 'deep/pool-trend' } as const;
const DAY = 86_400_000;
/** The earliest start the reference allows: after 2022-11-21 08:00:00 (read as UTC). */
const TREND_FLOOR_MS = Date.UTC(2022, 10, 21, 8, 0, 0);
const MAX_DAYS = 366;
const EXACT = 60;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

const params = z.object({
  pool: address().optional().meta({ description: 'A pool contract address (required).' }),
  startTimestamp: timestampMs().optional().meta({ description: 'ms, after 2022-11-21 08:00:00 UTC; default 7 days before the end.' }),
  endTimestamp: timestampMs().optional().meta({ description: 'ms, not after now; default now.' }),
});

const node = z.object({ name: z.string(), value: decimalString.optional() });
const link = z.object({ source: z.string(), target: z.string(), value: decimalString });

/** raw / 10^decimals × price in units of 10^-EXACT USD. */
function usdUnits(raw: bigint, decimals: number, price: string): bigint {
  const [w, f = ''] = multiplyScaled(raw, decimals, price, EXACT).split('.');
  return BigInt(`${w}${f.padEnd(EXACT, '0')}`);
}
const usd = (u: bigint) => ratioDecimal(u, 10n ** BigInt(EXACT), PLACES);

export default defineEndpoint({
  path: '/api/stableCoin/pool/trend',
  method: 'GET',
  summary: "One stablecoin pool's daily swaps in and out per token, in USD, as Sankey nodes and links.",
  params,
  response: z.object({ data: z.array(node), links: z.array(link) }),
  queries: QUERIES,
  async handle(p, ctx) {
    if (!p.pool) throw new ApiError('BAD_PARAMETER', 'pool is required', 'pool');
    const end = p.endTimestamp ?? ctx.now;
    if (p.endTimestamp !== undefined && p.endTimestamp > Date.now()) throw new ApiError('BAD_PARAMETER', 'endTimestamp must not be after now', 'endTimestamp');
    const start = p.startTimestamp ?? end - 7 * DAY;
    if (p.startTimestamp !== undefined && p.startTimestamp <= TREND_FLOOR_MS) throw new ApiError('BAD_PARAMETER', 'startTimestamp must be after 2022-11-21 08:00:00', 'startTimestamp');
    if (start > end) throw new ApiError('BAD_PARAMETER', 'startTimestamp must not be after endTimestamp', p.startTimestamp !== undefined ? 'startTimestamp' : 'endTimestamp');
    if (end - start > MAX_DAYS * DAY) throw new ApiError('BAD_PARAMETER', `the window may span at most ${MAX_DAYS} days`, p.startTimestamp !== undefined ? 'startTimestamp' : 'endTimestamp');
    const pool = p.pool;
    const [from, to] = [dayOf(start), dayOf(end)];
    const rows = (ctx.manifest.tables.daily_pool_flows?.rows ?? Infinity) <= VERSION_ROWS_MAX
      ? (await ctx.versionRows(QUERIES.days, { pool: null, stables: [...STABLE_ADDRESSES], start_day: null, end_day: null }))
        .filter((r) => r.pool_address === pool && r.day !== null && r.day >= from && r.day <= to)
      : await ctx.typedRows(QUERIES.days, { pool, stables: [...STABLE_ADDRESSES], start_day: from, end_day: to });
    const links: z.output<typeof link>[] = [];
    const names: string[] = [];
    let totalIn = 0n;
    for (const r of rows) {
      if (r.price === null || r.price === undefined) continue;
      const decimals = Number(r.decimals ?? 0);
      const name = `${String(r.symbol)} ${String(r.day)}`;
      const inU = usdUnits(BigInt(String(r.swap_in_raw)), decimals, String(r.price));
      const outU = usdUnits(BigInt(String(r.swap_out_raw)), decimals, String(r.price));
      names.push(name);
      if (inU > 0n) links.push({ source: 'in', target: name, value: usd(inU) });
      if (outU > 0n) links.push({ source: name, target: 'out', value: usd(outU) });
      totalIn += inU;
    }
    if (links.length === 0) return { data: [], links: [] };
    return { data: [{ name: 'in', value: usd(totalIn) }, { name: 'out' }, ...names.map((name) => ({ name }))], links };
  },
});
