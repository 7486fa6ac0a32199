/**
 * GET /api/participate_project (SPEC §4.3; shape: reference §2 "GET /api/participate_project"): the DeFi positions of
 * an address per project (defi_positions, issue 34): JustLend supplies (jTokens at the exchange rate of the market's
 * newest Mint / Redeem) and borrows (the debt its newest Borrow / RepayBorrow states), SunSwap V2 LP tokens, each
 * valued in TRX and USD at the underlying's latest price (the price rule, latest_prices). Values are exact fractions
 * added up exactly and turned into doubles once; a position without a price (LP tokens: no price) has no value fields
 * and adds nothing. An address without positions: `{total: 0, projects: []}` (docs/compat.md "DeFi positions").
 */
import { z } from 'zod';
import { BLACKHOLE_ADDRESS } from '../../chain/address.ts';
import { address, bool, int } from '../../params/index.ts';
import { ratioDecimal } from '../../params/amounts.ts';
import { defineEndpoint } from '../kit/endpoint.ts';
import { TRX_TOKEN_INFO, type TokenInfo } from '../kit/lookups.ts';
import { count, tokenInfoOrEmpty } from '../kit/schemas.ts';

const QUERIES = { positions: 'account/participate-project', rates: 'account/participate-project-rates' } as const;

/** An exact non-negative fraction. */
interface Frac { n: bigint; d: bigint }
const ZERO: Frac = { n: 0n, d: 1n };
const add = (a: Frac, b: Frac): Frac => ({ n: a.n * b.d + b.n * a.d, d: a.d * b.d });
const mul = (a: Frac, b: Frac): Frac => ({ n: a.n * b.n, d: a.d * b.d });
/** A price double's shortest text as a fraction, e.g. 0.2893 → 2893/10^4. */
function priceFrac(x: number): Frac {
  const [m, e = '0'] = String(x).toLowerCase().split('e');
  const [w, f = ''] = m!.split('.');
  const scale = f.length - Number(e);
  const digits = BigInt(`${w}${f}`);
  return scale >= 0 ? { n: digits, d: 10n ** BigInt(scale) } : { n: digits * 10n ** BigInt(-scale), d: 1n };
}
/** The double nearest the fraction (through 40 exact decimal places: far below a double's precision here). */
const toNumber = (x: Frac): number => (x.n === 0n ? 0 : Number(ratioDecimal(x.n, x.d, 40)));
/** Rounded half up to 6 places, as a number. */
const round6 = (x: Frac): number => Number(ratioDecimal(x.n, x.d, 6));

/** Position kinds: `type` of the answer and which `justLendFilter` keeps them (1 supply, 2 borrow; LP only with 0). */
const TYPE = { supply: 'Supply', borrow: 'Borrow', lp: 'Liquidity' } as const;
/** Protocol version of a venue (JustLend's markets are V1; its V2 is not in the registry). */
const VERSION: Record<string, number> = { justlend: 1, sunswap_v2: 2 };

const position = z.object({
  sc_type: z.string(),
  type: z.string(),
  currency: z.string(),
  currency_info: tokenInfoOrEmpty,
  contract_address: z.string(),
  balance: z.number(),
  balance_raw: z.string(),
  value: z.number().optional(),
  value_detail: z.number().optional(),
  value_in_usd: z.number().optional(),
  value_in_usd_detail: z.number().optional(),
  version: z.number().int(),
});
const project = z.object({
  project_name: z.string(),
  logo: z.string(),
  url: z.string(),
  total_value: z.number(),
  total_value_detail: z.number(),
  total_value_in_usd: z.number(),
  total_value_in_usd_detail: z.number(),
  percent: z.number(),
  data: z.array(position).optional(),
});

interface Row {
  project: string;
  name: string;
  url: string;
  category: string;
  contract: string;
  venue: string;
  kind: keyof typeof TYPE;
  token: string;
  underlying: string | null;
  /** The position in the underlying's units (supply: jTokens × the implied rate), raw, exact; null: no rate. */
  amount: Frac | null;
  raw: string;
  decimals: number | null;
  trx: Frac | null;
  usd: Frac | null;
}

export default defineEndpoint({
  path: '/api/participate_project',
  method: 'GET',
  summary: "An address's DeFi positions per project (JustLend supply and borrow, SunSwap V2 liquidity) with TRX and USD values.",
  params: z.object({
    address: address(),
    detail: bool().optional().transform((v) => v ?? true).meta({ description: 'false (0): projects without their positions (`data` left out); default true.', override: { type: 'boolean', default: true } }),
    justLendFilter: int({ min: 0, max: 2 }).optional().transform((v) => v ?? 0).meta({ description: '0 every position (default), 1 JustLend supplies only, 2 JustLend borrows only.' }),
  }),
  response: z.object({
    total: count,
    total_asset_in_trx: z.number(),
    total_asset_in_usd: z.number(),
    refreshTimeInfo: z.object({ type: z.string(), lastUpdateTime: z.number().int() }),
    projects: z.array(project),
  }),
  queries: QUERIES,
  // The markets' exchange rates are read once per version; any address builds them.
  warm: [{ address: BLACKHOLE_ADDRESS }],
  async handle(p, ctx) {
    const [raw, rateRows] = await Promise.all([ctx.typedRows(QUERIES.positions, { address: p.address }), ctx.versionRows(QUERIES.rates, {})]);
    const rates = new Map(rateRows.map((r) => [String(r.market_address), { amount: BigInt(String(r.amount_raw)), tokens: BigInt(String(r.jtoken_amount_raw)) }]));
    const rows: Row[] = raw.map((r) => {
      const kind = String(r.kind) as Row['kind'];
      const bal = BigInt(String(r.balance_raw));
      const rate = kind === 'supply' ? rates.get(String(r.contract_address)) : undefined;
      const amount: Frac | null = kind !== 'supply' ? { n: bal, d: 1n } : rate ? { n: bal * rate.amount, d: rate.tokens } : null;
      return {
        project: String(r.project), name: String(r.project_name ?? r.project), url: String(r.project_url ?? ''), category: String(r.category ?? ''),
        contract: String(r.contract_address), venue: String(r.venue), kind, token: String(r.token_address),
        underlying: r.underlying_address === null ? null : String(r.underlying_address), amount, raw: String(r.balance_raw),
        decimals: r.decimals === null ? null : Number(r.decimals),
        trx: r.price_trx === null || kind === 'lp' ? null : priceFrac(Number(r.price_trx)),
        usd: r.price_usd === null || kind === 'lp' ? null : priceFrac(Number(r.price_usd)),
      };
    });
    const kept = rows.filter((r) => p.justLendFilter === 0 || (r.venue === 'justlend' && r.kind === (p.justLendFilter === 1 ? 'supply' : 'borrow')));
    const ids = [...new Set(kept.map((r) => (r.kind === 'lp' ? r.token : r.underlying!)).filter((t) => t !== '_'))];
    const infos: ReadonlyMap<string, TokenInfo> = ids.length ? await ctx.lookups.tokenInfo(ids) : new Map();

    // Per position: its quantity in whole tokens and its values (fractions), then per project the sums.
    const units = (r: Row): Frac | null => (r.amount === null || r.decimals === null ? null : { n: r.amount.n, d: r.amount.d * 10n ** BigInt(r.decimals) });
    const projects = new Map<string, { r: Row; trx: Frac; usd: Frac; data: z.output<typeof position>[] }>();
    for (const r of kept) {
      let g = projects.get(r.project);
      if (!g) projects.set(r.project, (g = { r, trx: ZERO, usd: ZERO, data: [] }));
      const q = units(r);
      const currency = r.kind === 'lp' ? r.token : r.underlying!;
      const item: z.output<typeof position> = {
        sc_type: r.category,
        type: TYPE[r.kind],
        currency,
        currency_info: currency === '_' ? TRX_TOKEN_INFO : (infos.get(currency) ?? {}),
        contract_address: r.contract,
        balance: q === null ? 0 : toNumber(q),
        balance_raw: r.raw,
        version: VERSION[r.venue] ?? 1,
      };
      if (q !== null && r.trx !== null) {
        const v = mul(q, r.trx);
        g.trx = add(g.trx, v);
        item.value = round6(v);
        item.value_detail = toNumber(v);
      }
      if (q !== null && r.usd !== null) {
        const v = mul(q, r.usd);
        g.usd = add(g.usd, v);
        item.value_in_usd = round6(v);
        item.value_in_usd_detail = toNumber(v);
      }
      g.data.push(item);
    }
    const all = [...projects.values()];
    const totalTrx = all.reduce((a, g) => add(a, g.trx), ZERO);
    const totalUsd = all.reduce((a, g) => add(a, g.usd), ZERO);
    // Largest TRX value first, ties by project id.
    all.sort((a, b) => {
      const c = b.trx.n * a.trx.d - a.trx.n * b.trx.d;
      return c > 0n ? 1 : c < 0n ? -1 : a.r.project < b.r.project ? -1 : 1;
    });
    return {
      total: all.length,
      total_asset_in_trx: toNumber(totalTrx),
      total_asset_in_usd: toNumber(totalUsd),
      refreshTimeInfo: { type: 'realtime', lastUpdateTime: Math.floor(ctx.now / 1000) },
      projects: all.map((g) => ({
        project_name: g.r.name,
        logo: '',
        url: g.r.url,
        total_value: round6(g.trx),
        total_value_detail: toNumber(g.trx),
        total_value_in_usd: round6(g.usd),
        total_value_in_usd_detail: toNumber(g.usd),
        percent: totalTrx.n === 0n ? 0 : toNumber({ n: g.trx.n * totalTrx.d, d: g.trx.d * totalTrx.n }),
        ...(p.detail ? { data: g.data } : {}),
      })),
    };
  },
});
