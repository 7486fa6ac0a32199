/**
 * GET /api/defiTvl (SPEC §4.2; shape: reference "GET /api/defiTvl", a flat object; issue 34): the USD value locked in
 * the DeFi projects of the lake (projects / project_contracts). A project's TVL on a day = Σ over its contracts and
 * their TRC20 tokens of the end-of-day balance (daily_contract_balances, exact) × the token's USD price that day by
 * the price rule (sql/serving/token_day_prices.sql), added up exact and floor()ed once to 6 places (as /api/tokenTvc);
 * a balance without a price that day adds nothing (docs/compat.md "DEX pools and TVL (issue 34)"). `total` and
 * `projects[].locked` are the window's last day, `gain` its change against the window's first day (left out when that
 * day held nothing). `type=tvlline` adds `tvlLine`, `show=day` adds `tvlLineByDay`: one point per UTC day of the window,
 * `{t: day start in seconds as text, v: USD}`. `startTime` / `endTime` are seconds (default the 7 days before the
 * head); `project` (a project id, e.g. `sunswap`) keeps one project; an unknown one answers `projects: []`.
 */
import { z } from 'zod';
import { defineEndpoint } from '../kit/endpoint.ts';
import { exactNumber } from '../kit/schemas.ts';
import { oneOf, ratioDecimal, scaledNumber, timestampSecAsMs } from '../../params/index.ts';
import { ApiError } from '../../wire/errors.ts';
import { JsonDecimal } from '../../wire/json.ts';
import { e18 } from '../shapes/prices.ts';

const DAY = 86_400_000;
/** Longest window (days), as /api/tokenTvc: a longer one is a 400 naming the bound given. */
const MAX_DAYS = 366;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** USD values are summed in units of 10^-36 USD (raw × price_e18 × 10^(18 - decimals)) and floor()ed once to 10^-6. */
const TO_MICRO = 10n ** 30n;

const params = z.object({
  type: oneOf(['tvlline'] as const).optional().meta({ description: '`tvlline` adds `tvlLine`.' }),
  show: oneOf(['day'] as const).optional().meta({ description: '`day` adds `tvlLineByDay`.' }),
  startTime: timestampSecAsMs().optional(),
  endTime: timestampSecAsMs().optional(),
  project: z.string().trim().regex(/^[a-z][a-z0-9_]{0,63}$/i, 'must be a project id (letters, digits, _)').transform((s) => s.toLowerCase()).optional()
    .meta({ description: "A project id of the lake's projects (e.g. sunswap, justlend); absent: every project." }),
});

const QUERIES = { days: 'statistics/defi-tvl' } as const;

const point = z.object({ t: z.string(), v: exactNumber });

export default defineEndpoint({
  path: '/api/defiTvl',
  method: 'GET',
  summary: 'USD value locked in the DeFi projects (exact contract balances × the day price), per project, with a daily line.',
  params,
  response: z.object({
    total: exactNumber,
    projects: z.array(z.object({
      project: z.string(), projectId: z.string(), logo: z.string(), url: z.string(), type: z.string(),
      locked: exactNumber, gain: exactNumber.optional(),
    })),
    tvlLine: z.array(point).optional(),
    tvlLineByDay: z.array(point).optional(),
  }),
  queries: QUERIES,
  async handle(p, ctx) {
    const end = p.endTime ?? ctx.now;
    const start = p.startTime ?? end - 7 * DAY;
    if (start > end) throw new ApiError('BAD_PARAMETER', 'startTime must not be after endTime', p.startTime !== undefined ? 'startTime' : 'endTime');
    if (end - start > MAX_DAYS * DAY) throw new ApiError('BAD_PARAMETER', `the window may span at most ${MAX_DAYS} days`, p.startTime !== undefined ? 'startTime' : 'endTime');
    const startDay = dayOf(start);
    const endDay = dayOf(end);
    // Every day's holdings are kept per version (the lake's days × the project contracts' tokens); a window is a cut.
    const all = await ctx.versionRows(QUERIES.days, {});
    const byProjectDay = new Map<string, Map<string, bigint>>();
    const meta = new Map<string, { name: string; category: string; url: string }>();
    for (const r of all) {
      const project = String(r.project);
      const day = String(r.day);
      if ((p.project && project !== p.project) || day < startDay || day > endDay) continue;
      if (!meta.has(project)) meta.set(project, { name: String(r.project_name ?? project), category: String(r.category ?? ''), url: String(r.url ?? '') });
      const days = byProjectDay.get(project) ?? new Map<string, bigint>();
      byProjectDay.set(project, days);
      const price = r.price === null || r.price === undefined ? undefined : e18(String(r.price));
      const raw = BigInt(String(r.balance_raw));
      const decimals = Number(r.decimals ?? 0);
      const value = price === undefined || decimals > 18 ? 0n : raw * price * 10n ** BigInt(18 - decimals);
      days.set(day, (days.get(day) ?? 0n) + value);
    }
    const micro = (v: bigint) => (v >= 0n ? v / TO_MICRO : -((-v) / TO_MICRO));
    const days = [...new Set([...byProjectDay.values()].flatMap((m) => [...m.keys()]))].sort();
    const lastDay = days.at(-1);
    const firstDay = days[0];
    const projects = [...byProjectDay].map(([id, m]) => {
      const locked = micro(lastDay ? m.get(lastDay) ?? 0n : 0n);
      const first = micro(firstDay ? m.get(firstDay) ?? 0n : 0n);
      const info = meta.get(id)!;
      const row: { project: string; projectId: string; logo: string; url: string; type: string; locked: JsonDecimal; gain?: JsonDecimal } = {
        project: info.name, projectId: id, logo: '', url: info.url, type: info.category, locked: scaledNumber(locked, 6),
      };
      if (first !== 0n) row.gain = new JsonDecimal(ratioDecimal(locked - first, first, 6));
      return { locked, row };
    });
    projects.sort((a, b) => (a.locked === b.locked ? (a.row.projectId < b.row.projectId ? -1 : 1) : a.locked > b.locked ? -1 : 1));
    const line = () => days.map((day) => ({
      t: String(Date.parse(`${day}T00:00:00Z`) / 1000),
      v: scaledNumber(micro([...byProjectDay.values()].reduce((s, m) => s + (m.get(day) ?? 0n), 0n)), 6),
    }));
    const out: { total: JsonDecimal; projects: (typeof projects)[number]['row'][]; tvlLine?: ReturnType<typeof line>; tvlLineByDay?: ReturnType<typeof line> } = {
      total: scaledNumber(projects.reduce((s, x) => s + x.locked, 0n), 6),
      projects: projects.map((x) => x.row),
    };
    if (p.type === 'tvlline') out.tvlLine = line();
    if (p.show === 'day') out.tvlLineByDay = line();
    return out;
  },
});
