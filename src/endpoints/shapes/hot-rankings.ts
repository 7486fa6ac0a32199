/**
 * The on-chain "hot" rule of /api/search/hot and /api/search/bar (docs/compat.md "Search and homepage"). TronScan
 * ranks by clicks, searches and DEX figures as well; the lake has no click or search stream (endpoints never write),
 * so only what the chain gives scores:
 * - a token: 50 × its share of all transfers in the 24 h before the head + 50 × its share of all holders (the shown
 *   TRC10 and TRC20 tokens; sql/home/hot-tokens.sql orders by the same sum);
 * - a contract: 100 × its share of all contract calls over the last 7 UTC days (sql/home/hot-contracts.sql).
 * The weights objects (`hot_sum_all`, `hot_c_sum_all`) carry each component's sum over all ranked items and its weight;
 * click and search are 0 with weight 0, components the lake does not hold (active addresses, DEX liquidity and volume,
 * callers, new issues, project ids, token amounts, verification) are null with weight 0.
 * Both lists are read once per version (ctx.versionRows), never per request.
 */
import { z } from 'zod';
import type { EndpointContext } from '../kit/endpoint.ts';

import { numOr0, numOrNull, str } from './cells.ts';

/** How many tokens and contracts the hot lists hold. */
export const HOT_TOP = 10;
export const TOKEN_TRANSFER_WEIGHT = 50;
export const TOKEN_HOLDER_WEIGHT = 50;
export const CONTRACT_TRIGGER_WEIGHT = 100;
/** The contract calls window, UTC days up to the head's. */
export const CONTRACT_CALL_DAYS = 7;

const HOT_TOKENS = 'home/hot-tokens';
const HOT_CONTRACTS = 'home/hot-contracts';
/** The SQL ids the hot lists read (a declaration's `queries`). */
export const HOT_QUERIES = { hotTokens: HOT_TOKENS, hotContracts: HOT_CONTRACTS } as const;

export interface HotToken {
  token_id: string;
  /** 20 (TRC20) or 10 (TRC10). */
  type: 20 | 10;
  vip: boolean;
  name: string;
  abbr: string;
  icon: string;
  holders: number;
  transfers24h: number;
  priceInUsd: number | null;
  totalScore: number;
}

const share = (part: number, whole: number, weight: number): number => (whole > 0 ? (weight * part) / whole : 0);
/** A score rounded to 6 decimals (a ranking figure, not an amount). */
const round6 = (x: number): number => Math.round(x * 1e6) / 1e6;

/** The hot tokens, best first, with the sums over every ranked token (`sums`). */
export async function hotTokens(ctx: EndpointContext): Promise<{ tokens: HotToken[]; sums: { holders: number; transfers: number } }> {
  const rows = await ctx.versionRows(HOT_TOKENS, { top: HOT_TOP });
  const sums = { holders: numOr0(rows[0]?.holders_all), transfers: numOr0(rows[0]?.transfers_all) };
  const tokens = rows.map((r): HotToken => {
    const holders = numOr0(r.holder_count);
    const transfers24h = numOr0(r.transfer_count_24h);
    return {
      token_id: String(r.token_id),
      type: r.token_standard === 'trc20' ? 20 : 10,
      vip: r.vip === true,
      name: str(r.name),
      abbr: str(r.symbol),
      icon: str(r.logo_url),
      holders,
      transfers24h,
      priceInUsd: numOrNull(r.price_usd),
      totalScore: round6(share(transfers24h, sums.transfers, TOKEN_TRANSFER_WEIGHT) + share(holders, sums.holders, TOKEN_HOLDER_WEIGHT)),
    };
  });
  return { tokens, sums };
}

export interface HotContract {
  contract_address: string;
  name: string;
  tag: string;
  triggers: number;
  totalScore: number;
}

/** The UTC day CONTRACT_CALL_DAYS - 1 days before the head's: the first day of the calls window. */
export function callsSinceDay(headTs: number): string {
  return new Date(Math.floor(headTs / 86_400_000) * 86_400_000 - (CONTRACT_CALL_DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
}

/** The hot contracts, best first, with the calls of every contract in the window (`triggers`). */
export async function hotContracts(ctx: EndpointContext): Promise<{ contracts: HotContract[]; triggers: number }> {
  const rows = await ctx.versionRows(HOT_CONTRACTS, { since_day: callsSinceDay(ctx.manifest.head.timestamp), top: HOT_TOP });
  const triggers = numOr0(rows[0]?.triggers_all);
  const contracts = rows.map((r): HotContract => {
    const calls = numOr0(r.triggers);
    return { contract_address: String(r.contract_address), name: str(r.name), tag: str(r.tag), triggers: calls, totalScore: round6(share(calls, triggers, CONTRACT_TRIGGER_WEIGHT)) };
  });
  return { contracts, triggers };
}

/** The token weights object `hot_sum_all` (reference §8.5): each component's sum over the ranked tokens and its weight. */
export function tokenWeights(sums: { holders: number; transfers: number }) {
  return {
    activeAddress: null,
    activeAddressScore: 0,
    click: 0,
    clickScore: 0,
    holder: sums.holders,
    holderScore: TOKEN_HOLDER_WEIGHT,
    justswapLiquidity: null,
    justswapLiquidityScore: 0,
    justswapLiquidityV2: null,
    justswapVolume24hrs: null,
    justswapVolume24hrsScore: 0,
    justswapVolume24hrsV2: null,
    justswapVolume7d: null,
    justswapVolume7dScore: 0,
    justswapVolume7dV2: null,
    search: 0,
    searchScore: 0,
    totalScore: TOKEN_HOLDER_WEIGHT + TOKEN_TRANSFER_WEIGHT,
    transfer: sums.transfers,
    transferScore: TOKEN_TRANSFER_WEIGHT,
  };
}

/** The contract weights object `hot_c_sum_all` (reference §8.5). */
export function contractWeights(triggers: number) {
  return {
    caller: null,
    callerScore: 0,
    click: 0,
    clickScore: 0,
    newIssue: null,
    newIssueScore: 0,
    projectId: null,
    projectIdScore: 0,
    search: 0,
    searchScore: 0,
    tokenAmount: null,
    tokenAmountScore: 0,
    totalScore: CONTRACT_TRIGGER_WEIGHT,
    trigger: triggers,
    triggerScore: CONTRACT_TRIGGER_WEIGHT,
    verified: null,
    verifiedScore: 0,
  };
}

const weight = z.number();
const component = z.number().nullable();
export const tokenWeightsSchema = z.looseObject(Object.fromEntries(Object.keys(tokenWeights({ holders: 0, transfers: 0 })).map((k) => [k, k.endsWith('Score') ? weight : component])));
export const contractWeightsSchema = z.looseObject(Object.fromEntries(Object.keys(contractWeights(0)).map((k) => [k, k.endsWith('Score') ? weight : component])));
