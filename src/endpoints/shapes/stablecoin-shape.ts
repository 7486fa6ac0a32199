/**
 * The stablecoin endpoints' view of the registry (src/chain/stablecoins.ts): the six contracts as answer rows, the
 * coins' rows of the supply answers, the five coins as `sort` values and per-coin amount keys
 * (/api/stableCoin/holder/top), the holder categories of the distribution endpoints, and the `token` parameter. Registry facts are read, never restated here.
 */
import { z } from 'zod';
import { STABLECOIN_CONTRACTS, type StablecoinKey } from '../../chain/stablecoins.ts';
import { JsonDecimal, toJson } from '../../wire/json.ts';
import type { Cell } from '../../duckdb/duck.ts';
import type { EndpointContext } from '../kit/endpoint.ts';
import { perVersion } from '../kit/per-version.ts';
import type { SqlRows } from '../kit/sql-types.generated.ts';
import { EventPages } from './event-pages.ts';

/** One contract as the answers name it: `tokenName` the registry's name, `tokenAbbr` its symbol. */
export interface StableContract {
  readonly key: string;
  readonly coin: StablecoinKey;
  readonly address: string;
  readonly tokenName: string;
  readonly tokenAbbr: string;
  readonly decimals: number;
}

/** Every stablecoin contract, in registry order (USDT, USDC, USDD 2.0, old USDD, USDJ, TUSD). */
export const STABLE_CONTRACTS: readonly StableContract[] = STABLECOIN_CONTRACTS.map((c) => ({
  key: c.key, coin: c.coin, address: c.address, tokenName: c.name, tokenAbbr: c.symbol, decimals: c.decimals,
}));

export const STABLE_ADDRESSES: readonly string[] = STABLE_CONTRACTS.map((c) => c.address);

/**
 * The coins of holder/top: the `sort` value, the amount key of a row (reference §3: USDC's key is `usdcoldAmount`,
 * the key of Circle's contract) and the coin's contracts (USDD: 2.0 and the old wrapper, both 18 decimals, added).
 */
export interface StableCoin {
  readonly coin: StablecoinKey;
  readonly amountKey: string;
  readonly decimals: number;
  readonly addresses: readonly string[];
}

const AMOUNT_KEYS: ReadonlyMap<StablecoinKey, string> = new Map([
  ['USDT', 'usdtAmount'], ['USDC', 'usdcoldAmount'], ['USDD', 'usddAmount'], ['USDJ', 'usdjAmount'], ['TUSD', 'tusdAmount'],
]);

export const STABLE_COINS: readonly StableCoin[] = [...AMOUNT_KEYS].map(([coin, amountKey]) => {
  const contracts = STABLE_CONTRACTS.filter((c) => c.coin === coin);
  const decimals = new Set(contracts.map((c) => c.decimals));
  // Adding the raw units of two contracts is exact only when they share decimals (both USDD contracts: 18).
  if (decimals.size !== 1) throw new Error(`stablecoin-shape: ${coin}'s contracts have different decimals`);
  return { coin, amountKey, decimals: contracts[0]!.decimals, addresses: contracts.map((c) => c.address) };
});

const BY_COIN: ReadonlyMap<string, StableCoin> = new Map(STABLE_COINS.map((c) => [c.coin, c]));
const BY_ADDRESS: ReadonlyMap<string, StableContract> = new Map(STABLE_CONTRACTS.map((c) => [c.address, c]));

export function stableContract(address: string): StableContract | undefined {
  return BY_ADDRESS.get(address);
}

/**
 * How the supply endpoints name a coin (docs/compat.md "Stablecoin supply"): by its first contract in the registry
 * (USDD: USDD 2.0; USDC: Circle's), with that contract's decimals (USDD's two contracts both have 18, so their sum
 * is in one unit), e.g. `coinContract('USDD').address` = 'TXDk8mb…'.
 */
export function coinContract(coin: string): StableContract | undefined {
  return STABLE_CONTRACTS.find((c) => c.coin === coin);
}

/** Coin order for sorting rows of several coins: the registry's (USDT, USDC, USDD, USDJ, TUSD); unknown last. */
export function coinRank(coin: string): number {
  const i = STABLE_COINS.findIndex((c) => c.coin === coin);
  return i < 0 ? STABLE_COINS.length : i;
}

/** Coin rows `{ coin, supply_raw }` as the supply answers' rows, in registry order (a coin the registry lacks is dropped). */
export function coinRows(rows: readonly { coin: Cell; supply_raw: Cell }[]): { tokenName: string; address: string; totalSupply: string; tokenDecimal: number }[] {
  const out = [];
  for (const r of [...rows].sort((a, b) => coinRank(String(a.coin)) - coinRank(String(b.coin)))) {
    const c = coinContract(String(r.coin));
    if (!c || r.supply_raw === null) continue;
    out.push({ tokenName: c.tokenName, address: c.address, totalSupply: String(r.supply_raw), tokenDecimal: c.decimals });
  }
  return out;
}

/** `sort` of holder/top: a coin name, case-insensitive, e.g. 'usdc' → USDC. */
export function coinParam() {
  const names = STABLE_COINS.map((c) => c.coin);
  return z.string().transform((s, ctx): StableCoin => {
    const hit = BY_COIN.get(s.trim().toUpperCase());
    if (hit) return hit;
    ctx.addIssue({ code: 'custom', message: `must be one of ${names.join(', ')}, got '${s.trim().slice(0, 40)}'` });
    return z.NEVER;
  }).meta({ description: `The coin: ${names.join(', ')} (case-insensitive).`, override: { type: 'string', enum: names } });
}

/** `token` of the distribution endpoints: a stablecoin contract address (Base58, exact). */
export function stableTokenParam() {
  return z.string().transform((s, ctx): StableContract => {
    const hit = BY_ADDRESS.get(s.trim());
    if (hit) return hit;
    ctx.addIssue({ code: 'custom', message: `must be a stablecoin contract (${STABLE_ADDRESSES.join(', ')}), got '${s.trim().slice(0, 40)}'` });
    return z.NEVER;
  }).meta({ description: 'A stablecoin contract address (USDT, USDC, USDD, old USDD, USDJ, TUSD).', examples: [STABLE_ADDRESSES[0]], override: { type: 'string', enum: [...STABLE_ADDRESSES] } });
}

/**
 * Holder categories of sql/fragments/stable-holder-category.sql: an ordinary account is an exchange's (address_labels category
 * `exchange`) or another account; a contract (the contracts dimension) is a project's (JustLend, SunSwap, SunCurve:
 * by its label or contract name, docs/compat.md) or another contract.
 */
export const ACCOUNT_CATEGORIES = ['exchange', 'otherAccount'] as const;
export const CONTRACT_CATEGORIES = ['JustLend', 'SunSwap', 'SunCurve', 'otherContract'] as const;
export type HolderCategory = (typeof ACCOUNT_CATEGORIES)[number] | (typeof CONTRACT_CATEGORIES)[number];

/** Holders listed per (contract, category) by /api/stableCoin/distribution (`data`). */
export const CATEGORY_HOLDERS = 10;

/**
 * The categories of every stablecoin contract (sql/deep/distribution.sql, declared as `deep/distribution` by the
 * endpoints that read it), read once per version (issue 31: a scan of every holder, 25-80 ms) and shared by
 * distribution (one contract's rows) and holder/balance/overview (the totals): one constant bind set, at most
 * 6 contracts × 6 categories × CATEGORY_HOLDERS rows.
 */
export function categoryRows(ctx: Pick<EndpointContext, 'versionRows'>) {
  return ctx.versionRows('deep/distribution', { contracts: [...STABLE_ADDRESSES], top: CATEGORY_HOLDERS });
}

/** A stablecoin admin event as sql/deep/stablecoin-events-all.sql reads it. */
export type StablecoinEvent = SqlRows['deep/stablecoin-events-all'];

/**
 * Most events paged from memory (event-pages.ts; ~300 bytes each kept): a lake with more answers keyEvents and
 * blackList by their SQL templates, as a download does. The chain's five coins have some thousands of admin events
 * a year; the 120-day bench profile ~100,000.
 */
export const EVENT_PAGES_MAX = 500_000;

/**
 * The version's stablecoin events paged from memory, grouped by `group` ('coin-event': `USDT|Issue`; 'contract': the
 * blacklist events by contract), read once per version (`deep/stablecoin-events-all`, declared by the caller);
 * null past EVENT_PAGES_MAX events.
 */
export async function stablecoinEventPages(
  ctx: Pick<EndpointContext, 'typedRows' | 'manifest'>, group: 'coin-event' | 'contract',
): Promise<EventPages<StablecoinEvent> | null> {
  const events = ctx.manifest.tables.stablecoin_events?.rows;
  if (events === undefined || events > EVENT_PAGES_MAX) return null;
  const rows = perVersion(ctx.manifest, 'event-pages:rows', async () =>
    Object.freeze((await ctx.typedRows('deep/stablecoin-events-all', {})).map((r) => Object.freeze(r))));
  return perVersion(ctx.manifest, `event-pages:${group}`, async () =>
    group === 'coin-event'
      ? new EventPages(await rows, (r) => `${r.coin}|${r.event_name}`)
      : new EventPages((await rows).filter((r) => r.blacklist_effect !== null), (r) => String(r.contract_address)));
}

/** The analytics envelope's `refreshTimeInfo` (reference §1.1): the head block time, seconds. */
export function refreshTimeInfo(nowMs: number) {
  return { type: 'realtime', lastUpdateTime: Math.floor(nowMs / 1000) };
}
export const refreshTimeInfoSchema = z.object({ type: z.string(), lastUpdateTime: z.number().int() });

/**
 * The CSV of a plain list or series: one row per JSON item, the given keys as columns, nested
 * values as JSON text, exact numbers as their digits: the JSON answer's items, as the contract test reads them.
 */
export function itemsTable<T extends object>(items: readonly T[], columns: readonly string[]): { columns: string[]; rows: Cell[][] } {
  const cols = [...columns];
  const cell = (v: unknown): Cell => {
    if (v === undefined || v === null) return null;
    if (v instanceof JsonDecimal) return v.digits;
    if (typeof v === 'object') return toJson(v);
    return v as Cell;
  };
  return { columns: cols, rows: items.map((it) => cols.map((c) => cell((it as { [k: string]: unknown })[c]))) };
}
