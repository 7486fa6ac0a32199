/**
 * GET /api/stableCoin/holder/change (SPEC §4.4; shape: reference §3): per UTC day of [startDay, endDay] the holders of
 * each stablecoin contract at the end of the day (`holderNum`, a string), their sum (`aggrHolder`), each contract's
 * current holders (`latest`, ints) and their sum (`totalHolder`). Defaults: endDay today (the head block's UTC day),
 * startDay 30 days before today (before endDay when only endDay is given); earliest 2020-12-11. Days outside the
 * lake (before its first block, after its head) have no row: the lake does not know them.
 */
import { z } from 'zod';
import { STABLECOIN_EARLIEST } from '../../chain/stablecoins.ts';
import { dayAsMs } from '../../params/index.ts';
import { DAY_MS, utcDayStart } from '../../time.ts';
import { ApiError } from '../../wire/errors.ts';
import { defineEndpoint, type EndpointContext } from '../kit/endpoint.ts';
import { formatField } from '../kit/exports.ts';
import { intString, shape } from '../kit/schemas.ts';
import { itemsTable, STABLE_ADDRESSES, STABLE_CONTRACTS } from '../shapes/stablecoin-shape.ts';

const QUERIES = { days: 'deep/holder-change', latest: 'deep/holder-change.latest' } as const;
const DEFAULT_DAYS = 30;
const EARLIEST_MS = Date.parse(`${STABLECOIN_EARLIEST.holderChangeDay}T00:00:00Z`);

const params = z.object({
  startDay: dayAsMs().optional().meta({ description: `First UTC day, yyyy-MM-dd (default 30 days before today; earliest ${STABLECOIN_EARLIEST.holderChangeDay}).`, override: { type: 'string', format: 'date' } }),
  endDay: dayAsMs().optional().meta({ description: 'Last UTC day, yyyy-MM-dd (default today, UTC); not before startDay.', override: { type: 'string', format: 'date' } }),
  format: formatField(),
});
type Params = z.output<typeof params>;

const dayText = (ms: number) => new Date(ms).toISOString().slice(0, 10);

const category = shape({ tokenName: z.string(), tokenAddress: z.string(), holderNum: intString, date: z.string() });
const statistic = shape({ date: z.number().int(), aggrHolder: intString, category: z.array(category) });

/** The answered days: the asked range (defaults per bound), cut to the days the lake holds. */
function range(p: Params, ctx: EndpointContext): { first: number; last: number } {
  const today = utcDayStart(ctx.now);
  const end = p.endDay ?? today;
  const start = p.startDay ?? (p.endDay !== undefined ? end - DEFAULT_DAYS * DAY_MS : today - DEFAULT_DAYS * DAY_MS);
  if (p.startDay !== undefined && p.startDay < EARLIEST_MS) throw new ApiError('BAD_PARAMETER', `startDay must not be before ${STABLECOIN_EARLIEST.holderChangeDay}`, 'startDay');
  if (p.endDay !== undefined && p.endDay < EARLIEST_MS) throw new ApiError('BAD_PARAMETER', `endDay must not be before ${STABLECOIN_EARLIEST.holderChangeDay}`, 'endDay');
  if (start > end) throw new ApiError('BAD_PARAMETER', `startDay ${dayText(start)} is after endDay ${dayText(end)}`, p.startDay !== undefined ? 'startDay' : 'endDay');
  return { first: Math.max(start, EARLIEST_MS, utcDayStart(ctx.manifest.first.timestamp)), last: Math.min(end, today) };
}

async function statisticsOf(p: Params, ctx: EndpointContext) {
  const { first, last } = range(p, ctx);
  if (first > last) return [];
  const binds = { contracts: [...STABLE_ADDRESSES], first_day: dayText(first), last_day: dayText(last) };
  // The default days derive from the head time only: the version's rows (issue 31); an asked range is read per call.
  const ofVersion = p.startDay === undefined && p.endDay === undefined;
  const rows = ofVersion ? await ctx.versionRows(QUERIES.days, binds) : await ctx.typedRows(QUERIES.days, binds);
  const byDay = new Map<string, Map<string, bigint>>();
  for (const r of rows) {
    const m = byDay.get(String(r.day)) ?? new Map<string, bigint>();
    m.set(String(r.token_id), BigInt(r.holder_count ?? 0));
    byDay.set(String(r.day), m);
  }
  return [...byDay.entries()].map(([day, m]) => ({
    date: Date.parse(`${day}T00:00:00Z`) / 1000,
    aggrHolder: [...m.values()].reduce((a, b) => a + b, 0n).toString(),
    category: STABLE_CONTRACTS.map((c) => ({ tokenName: c.tokenName, tokenAddress: c.address, holderNum: (m.get(c.address) ?? 0n).toString(), date: day })),
  }));
}

export default defineEndpoint({
  path: '/api/stableCoin/holder/change',
  method: 'GET',
  summary: 'Holders of each stablecoin per UTC day, their sum, and the current holders.',
  params,
  response: z.looseObject({
    statistics: z.array(statistic),
    latest: z.array(shape({ tokenName: z.string(), tokenAddress: z.string(), holderNum: z.number().int() })),
    totalHolder: intString,
  }),
  queries: QUERIES,
  async handle(p, ctx) {
    const statistics = await statisticsOf(p, ctx);
    const now = new Map((await ctx.versionRows(QUERIES.latest, { contracts: [...STABLE_ADDRESSES] })).map((r) => [String(r.token_id), Number(r.holder_count ?? 0)]));
    const latest = STABLE_CONTRACTS.map((c) => ({ tokenName: c.tokenName, tokenAddress: c.address, holderNum: now.get(c.address) ?? 0 }));
    return { statistics, latest, totalHolder: latest.reduce((a, l) => a + BigInt(l.holderNum), 0n).toString() };
  },
  csv: {
    filename: 'stablecoin_holder_change.csv',
    wanted: (p) => p.format === 'csv',
    table: async (p, ctx) => itemsTable(await statisticsOf(p, ctx), ['date', 'aggrHolder', 'category']),
  },
});
