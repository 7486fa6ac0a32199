/**
 * The stablecoin pools of issue 34 (sql/deep/stablecoin-tvl.sql): one object per pool of project_contracts whose
 * tokens include a stablecoin, shared by /api/stableCoin/tvl, /pool/info and /pool/overview (docs/compat.md "DEX pools
 * and TVL (issue 34)"). USD figures are the pool's exact token balances × the day's price, added up exact and rounded
 * once; a figure whose price (or balance: TRX is not covered) is missing is left out, never 0.
 */
import { z } from 'zod';
import { multiplyScaled, ratioDecimal } from '../../params/amounts.ts';
import { DAY_MS } from '../../time.ts';
import type { EndpointContext } from '../kit/endpoint.ts';
import type { TokenInfo } from '../kit/lookups.ts';
import { TRX_TOKEN_INFO } from '../kit/lookups.ts';
import { perVersion } from '../kit/per-version.ts';
import { decimalString } from '../kit/schemas.ts';
import { tokenInfo } from '../kit/schemas.ts';
import { STABLE_ADDRESSES } from './stablecoin-shape.ts';

export const POOL_QUERY = 'deep/stablecoin-tvl';

/** Places of USD figures, fractions and token-unit liquidity (the stablecoin group's). */
export const PLACES = 6;
/** Places of the exact USD products added up before their one rounding (decimals ≤ 18 + a double's ≤ 17 digits). */
const EXACT_PLACES = 60;
/** Common scale of token units across decimals (a pool's tokens have at most 18). */
const UNIT_PLACES = 18;

/** The response's venue keys ← project_contracts.venue (reference §3 /api/stableCoin/tvl; `sun` = SunCurve). */
export const VENUE_KEYS = { sunswapv1: 'sunswap_v1', sunswapv2: 'sunswap_v2', sun: 'sun_stableswap' } as const;

export const poolToken = tokenInfo.extend({ liquidity: z.string(), liquidityPercent: decimalString.optional() });
export const pool = z.object({
  poolAddress: z.string(),
  poolName: z.string(),
  project: z.string(),
  liquidity: decimalString.optional(),
  tvl: decimalString.optional(),
  volume24Hours: decimalString.optional(),
  tokens: z.array(poolToken),
});
export type Pool = z.output<typeof pool>;

export interface Leg {
  token: string;
  decimals: number;
  /** Raw balance at the end of the head's day; null: not covered (TRX). */
  balance: bigint | null;
  price: string | null;
  swapIn: bigint;
}
export interface PoolFacts {
  address: string;
  name: string;
  project: string;
  venue: string;
  url: string;
  legs: Leg[];
}

/** raw / 10^decimals × price as an integer count of 10^-EXACT_PLACES USD. */
function usdUnits(raw: bigint, decimals: number, price: string): bigint {
  const [whole, fraction = ''] = multiplyScaled(raw, decimals, price, EXACT_PLACES).split('.');
  return BigInt(`${whole}${fraction.padEnd(EXACT_PLACES, '0')}`);
}
export const usdText = (units: bigint) => ratioDecimal(units, 10n ** BigInt(EXACT_PLACES), PLACES);
/** raw in units of 10^-18 token. */
export const units = (raw: bigint, decimals: number) => raw * 10n ** BigInt(UNIT_PLACES - decimals);

/** Σ amount × price over the legs, rounded once; undefined when a leg with an amount has no price or no amount. */
export function usdSum(legs: readonly Leg[], amount: (l: Leg) => bigint | null): string | undefined {
  let sum = 0n;
  for (const l of legs) {
    const raw = amount(l);
    if (raw === null) return undefined;
    if (raw === 0n) continue;
    if (l.price === null) return undefined;
    sum += usdUnits(raw, l.decimals, l.price);
  }
  return usdText(sum);
}

/** The pool's USD value locked now (exact balances × the head day's prices), e.g. '1523.402100'. */
export const poolTvl = (p: PoolFacts) => usdSum(p.legs, (l) => l.balance);
/** USD swapped into the pool in the 24 hours ending at the head. */
export const poolVolume = (p: PoolFacts) => usdSum(p.legs, (l) => l.swapIn);

/** Σ of the balances in token units (each raw ÷ 10^decimals), rounded once; undefined when one is not covered. */
function liquidityUnits(p: PoolFacts): bigint | undefined {
  let sum = 0n;
  for (const l of p.legs) {
    if (l.balance === null) return undefined;
    sum += units(l.balance, l.decimals);
  }
  return sum;
}

export function poolObject(p: PoolFacts, infos: ReadonlyMap<string, TokenInfo>): Pool {
  const total = liquidityUnits(p);
  const out: Pool = { poolAddress: p.address, poolName: p.name, project: p.project, tokens: [] };
  if (total !== undefined) out.liquidity = ratioDecimal(total, 10n ** BigInt(UNIT_PLACES), PLACES);
  const tvl = poolTvl(p);
  if (tvl !== undefined) out.tvl = tvl;
  const vol = poolVolume(p);
  if (vol !== undefined) out.volume24Hours = vol;
  out.tokens = p.legs.map((l) => {
    const info = l.token === '_' ? TRX_TOKEN_INFO : (infos.get(l.token) ?? Object.assign({}, TRX_TOKEN_INFO, { tokenId: l.token, tokenAbbr: '', tokenName: '', tokenDecimal: l.decimals, tokenType: 'trc20', tokenLogo: '', tokenLevel: '0' }));
    const t: z.output<typeof poolToken> = Object.assign({}, info, { liquidity: l.balance === null ? '' : l.balance.toString() });
    // The token's share of the pool's liquidity in token units (stablecoins: ≈ its share of the value).
    if (l.balance !== null && total !== undefined && total !== 0n) t.liquidityPercent = ratioDecimal(units(l.balance, l.decimals), total, PLACES);
    return t;
  });
  return out;
}

/** The version's stablecoin pools at the head, in address order (computed once per version). */
export function stablePools(ctx: EndpointContext): Promise<readonly PoolFacts[]> {
  return perVersion(ctx.manifest, 'stablecoin-pools', async () => {
    const day = new Date(ctx.now).toISOString().slice(0, 10);
    const rows = await ctx.versionRows(POOL_QUERY, { stables: [...STABLE_ADDRESSES], day, since_ts: ctx.now - DAY_MS, until_ts: ctx.now });
    const pools = new Map<string, PoolFacts>();
    for (const r of rows) {
      const address = String(r.pool_address);
      let p = pools.get(address);
      if (!p) pools.set(address, (p = { address, name: String(r.name), project: String(r.project), venue: String(r.venue), url: String(r.project_url ?? ''), legs: [] }));
      p.legs.push({
        token: String(r.token_address),
        decimals: Number(r.decimals ?? 0),
        balance: r.balance_raw === null || r.balance_raw === undefined ? null : BigInt(String(r.balance_raw)),
        price: r.price === null || r.price === undefined ? null : String(r.price),
        swapIn: BigInt(String(r.swap_in_raw ?? '0')),
      });
    }
    return [...pools.values()];
  });
}

/** tokenInfo of every token of `pools` (TRX's own). */
export async function poolTokenInfos(ctx: EndpointContext, pools: readonly PoolFacts[]): Promise<ReadonlyMap<string, TokenInfo>> {
  const ids = [...new Set(pools.flatMap((p) => p.legs.map((l) => l.token)).filter((t) => t !== '_'))];
  return ids.length ? ctx.lookups.tokenInfo(ids) : new Map();
}

