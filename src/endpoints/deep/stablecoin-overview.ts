/**
 * GET /api/stableCoin/overview (SPEC §4.4; shape: reference §3): one stablecoin contract's figures now (`tokenAddress`,
 * one of the registry's six contracts), or all contracts aggregated (no `tokenAddress`): `data` of strings, `supply`
 * raw (only with a contract), `holderCnt`, the Transfers of the 24 hours ending at the head and their change, the
 * market cap and the DEX pool liquidity in USD and its change. Every figure reuses the group's source (docs/compat.md
 * "/api/stableCoin/overview"): supply as totalSupply, holders as holder/change's latest, the 24 h window as
 * transferAmount's, pools as distribution's SunSwap and SunCurve categories, prices by the price rule. A USD figure
 * needs a price (never assumed), a change needs a non-zero previous figure: without one the field is left out. A
 * contract the lake holds nothing for answers `data: {}`. The answer depends only on the version and `tokenAddress`
 * (7 values): all 7 are computed once per version (`perVersion`) and a request is a map lookup. One object, not a
 * list: `format=csv` is a 400 (as distribution).
 */
import { z } from 'zod';
import { multiplyScaled, ratioDecimal } from '../../params/amounts.ts';
import { DAY_MS } from '../../time.ts';
import { defineEndpoint, type EndpointContext } from '../kit/endpoint.ts';
import { perVersion } from '../kit/per-version.ts';
import { decimalString, intString } from '../kit/schemas.ts';
import {
  refreshTimeInfo, refreshTimeInfoSchema, STABLE_ADDRESSES, STABLE_CONTRACTS, stableTokenParam, type StableContract,
} from '../shapes/stablecoin-shape.ts';

const QUERIES = {
  transfers: 'deep/stablecoin-overview',
  supply: 'deep/stablecoin-overview.supply',
  pools: 'deep/stablecoin-overview.pools',
  holders: 'deep/holder-change.latest',
} as const;

/** Places of USD figures and ratios (the group's: transferAmount, distribution). */
const PLACES = 6;
/** Places of the exact USD products added up before their one rounding (decimals ≤ 18 + a double's ≤ 17 digits). */
const EXACT_PLACES = 60;

const params = z.object({
  tokenAddress: stableTokenParam().optional().meta({ description: 'A stablecoin contract address (USDT, USDC, USDD, old USDD, USDJ, TUSD); absent: all of them aggregated.' }),
});

const data = z.strictObject({
  marketCap: decimalString.optional(),
  holderCnt: intString.optional(),
  supply: intString.optional(),
  transferCntIn24h: intString.optional(),
  transferCntIn24hChange: decimalString.optional(),
  liquidityIn24h: decimalString.optional(),
  liquidityIn24hChange: decimalString.optional(),
});
export type Data = z.output<typeof data>;

/** What the lake says about one contract now. */
export interface Facts {
  contract: StableContract;
  /** Supply now, raw; null: the lake has no supply row. */
  supply: bigint | null;
  /** Latest USD close as the double's text; null: no price. */
  price: string | null;
  holders: bigint;
  transfersNow: bigint;
  transfersBefore: bigint;
  /** DEX pool holders' balance now, raw (distribution's SunSwap and SunCurve categories; issue 34's pool registry will replace this reading). */
  poolNow: bigint;
  /** The same holders' balance 24 h ago, raw: now minus their moves since. */
  poolBefore: bigint;
}

const hasData = (f: Facts) => f.supply !== null || f.holders > 0n || f.transfersNow > 0n || f.transfersBefore > 0n || f.poolNow > 0n;

/** raw / 10^decimals × price as an integer count of 10^-EXACT_PLACES USD. */
function usdUnits(raw: bigint, decimals: number, price: string): bigint {
  const [whole, fraction = ''] = multiplyScaled(raw, decimals, price, EXACT_PLACES).split('.');
  return BigInt(`${whole}${fraction.padEnd(EXACT_PLACES, '0')}`);
}
const usdText = (units: bigint) => ratioDecimal(units, 10n ** BigInt(EXACT_PLACES), PLACES);
/** (now − before) / before, rounded once; undefined when before is unknown or 0 (no ratio exists). */
const change = (now: bigint, before: bigint | null) => (before === null || before === 0n ? undefined : ratioDecimal(now - before, before, PLACES));

/** Drops the undefined fields: a figure the lake cannot give is left out, never null or 0. */
function defined(o: { [k: string]: string | undefined }): Data {
  const out: { [k: string]: string } = {};
  for (const [k, v] of Object.entries(o)) if (v !== undefined) out[k] = v;
  return out;
}

export function contractAnswer(f: Facts): Data {
  if (!hasData(f)) return {};
  const d = f.contract.decimals;
  return defined({
    marketCap: f.supply !== null && f.price !== null ? usdText(usdUnits(f.supply, d, f.price)) : undefined,
    holderCnt: f.holders.toString(),
    supply: f.supply?.toString(),
    transferCntIn24h: f.transfersNow.toString(),
    transferCntIn24hChange: change(f.transfersNow, f.transfersBefore),
    liquidityIn24h: f.price !== null ? usdText(usdUnits(f.poolNow, d, f.price)) : undefined,
    // One coin: its pool balance's change (the price cancels out).
    liquidityIn24hChange: change(f.poolNow, f.poolBefore),
  });
}

/**
 * USD Σ over contracts of `amount` (raw): undefined when a contract it needs has no price (a non-zero amount) or an
 * unknown amount (null).
 */
function usdSum(all: readonly Facts[], amount: (f: Facts) => bigint | null): bigint | undefined {
  let sum = 0n;
  for (const f of all) {
    const raw = amount(f);
    if (raw === null) return undefined;
    if (raw === 0n) continue;
    if (f.price === null) return undefined;
    sum += usdUnits(raw, f.contract.decimals, f.price);
  }
  return sum;
}

export function aggregateAnswer(facts: readonly Facts[]): Data {
  const all = facts.filter(hasData);
  if (all.length === 0) return {};
  const sum = (pick: (f: Facts) => bigint) => all.reduce((a, f) => a + pick(f), 0n);
  const marketCap = usdSum(all, (f) => f.supply);
  const liquidityNow = usdSum(all, (f) => f.poolNow);
  // Both ends at today's prices: the change is the pools' balance change, not the prices'.
  const liquidityBefore = usdSum(all, (f) => f.poolBefore);
  const transfersNow = sum((f) => f.transfersNow);
  return defined({
    marketCap: marketCap === undefined ? undefined : usdText(marketCap),
    // holder/change's aggrHolder: the contracts' holders added (one address holding two coins counts twice).
    holderCnt: sum((f) => f.holders).toString(),
    transferCntIn24h: transfersNow.toString(),
    transferCntIn24hChange: change(transfersNow, sum((f) => f.transfersBefore)),
    liquidityIn24h: liquidityNow === undefined ? undefined : usdText(liquidityNow),
    liquidityIn24hChange: liquidityNow === undefined || liquidityBefore === undefined ? undefined : change(liquidityNow, liquidityBefore),
  });
}

/** Every contract's facts, from the group's sources (each statement's binds are constants or the head's time). */
async function factsOf(ctx: EndpointContext): Promise<Facts[]> {
  const contracts = [...STABLE_ADDRESSES];
  const split = ctx.now - DAY_MS;
  const start = ctx.now - 2 * DAY_MS;
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const [supplies, holders, transfers, pools] = await Promise.all([
    ctx.versionRows(QUERIES.supply, { contracts }),
    ctx.versionRows(QUERIES.holders, { contracts }),
    ctx.versionRows(QUERIES.transfers, { contracts, split_ts: split, start_ts: start, end_ts: ctx.now, start_day: day(start), end_day: day(ctx.now) }),
    ctx.versionRows(QUERIES.pools, { contracts, since_ts: split }),
  ]);

  const supplyOf = new Map(supplies.map((r) => [String(r.contract_address), r]));
  const holdersOf = new Map(holders.map((r) => [String(r.token_id), BigInt(r.holder_count ?? 0)]));
  const transfersOf = new Map(transfers.map((r) => [String(r.contract_address), r]));
  const poolsOf = new Map(pools.map((r) => [String(r.contract_address), r]));
  return STABLE_CONTRACTS.map((contract) => {
    const s = supplyOf.get(contract.address);
    const t = transfersOf.get(contract.address);
    const pool = poolsOf.get(contract.address);
    const poolNow = BigInt(String(pool?.pool_now ?? 0));
    return {
      contract,
      supply: s?.supply_raw === null || s?.supply_raw === undefined ? null : BigInt(String(s.supply_raw)),
      price: s?.price_usd === null || s?.price_usd === undefined ? null : String(s.price_usd),
      holders: holdersOf.get(contract.address) ?? 0n,
      transfersNow: BigInt(t?.transfers_now ?? 0),
      transfersBefore: BigInt(t?.transfers_before ?? 0),
      poolNow,
      poolBefore: poolNow - BigInt(String(pool?.pool_moved ?? 0)),
    };
  });
}

/** The version's answers: '' (all contracts) and each contract's address → `data`. */
function answersOf(ctx: EndpointContext): Promise<ReadonlyMap<string, Data>> {
  return perVersion(ctx.manifest, 'stablecoin-overview:answers', async () => {
    const facts = await factsOf(ctx);
    const m = new Map<string, Data>([['', Object.freeze(aggregateAnswer(facts))]]);
    for (const f of facts) m.set(f.contract.address, Object.freeze(contractAnswer(f)));
    return m;
  });
}

export default defineEndpoint({
  path: '/api/stableCoin/overview',
  method: 'GET',
  summary: "A stablecoin's (or all stablecoins') market cap, holders, supply, 24 h transfers and DEX pool liquidity with their changes.",
  params,
  response: z.object({ data, refreshTimeInfo: refreshTimeInfoSchema }),
  queries: QUERIES,
  // All seven answers are computed once per version (0.1 s on the default lake).
  warm: [{}],
  async handle(p, ctx) {
    const answers = await answersOf(ctx);
    return { data: { ...(answers.get(p.tokenAddress?.address ?? '') ?? {}) }, refreshTimeInfo: refreshTimeInfo(ctx.now) };
  },
});
