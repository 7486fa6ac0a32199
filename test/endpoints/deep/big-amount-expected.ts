/**
 * Independent expectations for the bigAmount endpoints (issue 34), from plain SQL over raw `logs`, `transactions` and
 * `token_transfers`, the project_contracts reference and the price rule (defi-expected.ts `priceOn`): never from
 * classified_transfers, defi_transaction_types, dex_pool_events / lending_events or src/chain/defi-events.ts.
 *
 * A transaction's protocol type: its first log (log order) emitted by a registry contract whose (role, topic0) is a
 * protocol event below, topic0 = keccak256 of the signature computed here (defi-stablecoin-events.md §2-§5). The V2
 * pair's Mint and JustLend's Mint share a topic0: the emitter's role tells them apart. A stable pool listed without its
 * coin order decodes to nothing (docs/compat.md "DeFi registry and events"), so it types nothing either. Which contracts
 * are pools, PSMs and markets: the registry's list (DEFI_CONTRACTS' addresses and roles: facts cited to the reference,
 * which an ingested lake decodes by without publishing them as project_contracts) and the lake's project_contracts
 * (the generator's synthetic ones); none of its decoders.
 */
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { sql } from '../../helpers/lake.ts';
import { DEFI_CONTRACTS } from '../../../src/chain/defi-events.ts';
import { type Frac, frac, priceOn, round6, value } from './defi-expected.ts';

const keccak = (s: string): string => bytesToHex(keccak_256(utf8ToBytes(s)));

/** role → event signature → type code (3 swap, 4 add, 5 remove, 6 deposit, 7 borrow, 8 repay, 9 withdraw). */
const EVENTS: Record<string, Record<string, number>> = {
  pool: {
    // SunSwap V2 (§2): Swap, Mint (add), Burn (remove); Sync is a reserve, not an action
    'Swap(address,uint256,uint256,uint256,uint256,address)': 3, 'Mint(address,uint256,uint256)': 4, 'Burn(address,uint256,uint256,address)': 5,
    // SunSwap V1 (§2): purchases, liquidity; Snapshot is a reserve
    'TokenPurchase(address,uint256,uint256)': 3, 'TrxPurchase(address,uint256,uint256)': 3,
    'AddLiquidity(address,uint256,uint256)': 4, 'RemoveLiquidity(address,uint256,uint256)': 5,
    // SunSwap V3 (§2): Swap, Mint (add), Collect (tokens out); Burn moves nothing out
    'Swap(address,address,int256,int256,uint160,uint128,int24)': 3, 'Mint(address,address,int24,int24,uint128,uint256,uint256)': 4,
    'Collect(address,address,int24,int24,uint128,uint128)': 5,
    // SUN.io stable pools (§3)
    'TokenExchange(address,int128,uint256,int128,uint256)': 3, 'TokenExchangeUnderlying(address,int128,uint256,int128,uint256)': 3,
    'AddLiquidity(address,uint256[2],uint256[2],uint256,uint256)': 4, 'AddLiquidity(address,uint256[3],uint256[3],uint256,uint256)': 4,
    'RemoveLiquidity(address,uint256[2],uint256[2],uint256)': 5, 'RemoveLiquidity(address,uint256[3],uint256[3],uint256)': 5,
    'RemoveLiquidityImbalance(address,uint256[2],uint256[2],uint256,uint256)': 5, 'RemoveLiquidityImbalance(address,uint256[3],uint256[3],uint256,uint256)': 5,
    'RemoveLiquidityOne(address,uint256,uint256)': 5, 'RemoveLiquidityOne(address,uint256,uint256,uint256)': 5,
  },
  // USDD PSM (§4): either way a swap of USDT and USDD
  psm: { 'SellGem(address,uint256,uint256)': 3, 'BuyGem(address,uint256,uint256)': 3 },
  // JustLend markets (§5): supply = deposit, redeem = withdraw; a liquidation repays the borrower's debt
  market: {
    'Mint(address,uint256,uint256)': 6, 'Redeem(address,uint256,uint256)': 9, 'Borrow(address,uint256,uint256,uint256,uint256)': 7,
    'RepayBorrow(address,address,uint256,uint256,uint256,uint256)': 8, 'LiquidateBorrow(address,address,uint256,address,uint256)': 8,
  },
};
const BY_TOPIC = new Map<string, number>();
for (const [role, sigs] of Object.entries(EVENTS)) for (const [sig, t] of Object.entries(sigs)) BY_TOPIC.set(`${role}:${keccak(sig)}`, t);
const TOPICS = [...new Set([...BY_TOPIC.keys()].map((k) => k.split(':')[1]!))];

let txTypes: Promise<Map<string, number>> | undefined;

/** `block:tx_index` → protocol type of every successful transaction with a protocol event. */
export function protocolTypes(): Promise<Map<string, number>> {
  txTypes ??= (async () => {
    const registry = DEFI_CONTRACTS.map((c) => `('${c.address}', '${c.role}', '${c.venue}', ${c.tokens.length > 0 ? "'listed'" : 'NULL'})`);
    const rows = await sql(`WITH pc AS (
        SELECT DISTINCT * FROM (
          SELECT contract_address, role, venue, tokens FROM ref_project_contracts
          UNION ALL SELECT * FROM (VALUES ${registry.join(', ')}) AS r(contract_address, role, venue, tokens)
        ) WHERE role <> 'pool' OR venue NOT LIKE '%stable%' OR tokens IS NOT NULL
      )
      SELECT DISTINCT l.block_number, t.tx_index, l.log_index, l.topic0, pc.role
      FROM raw_logs l
      JOIN pc ON pc.contract_address = l.contract_address
      JOIN raw_transactions t ON t.block_number = l.block_number AND t.tx_hash = l.tx_hash AND t.contract_ret = 'SUCCESS'
      WHERE l.topic0 IN (${TOPICS.map((t) => `'${t}'`).join(', ')})
      ORDER BY l.block_number, t.tx_index, l.log_index`);
    const out = new Map<string, number>();
    for (const r of rows) {
      const t = BY_TOPIC.get(`${r.role}:${r.topic0}`);
      const key = `${r.block_number}:${r.tx_index}`;
      if (t !== undefined && !out.has(key)) out.set(key, t);
    }
    return out;
  })();
  return txTypes;
}

export interface Move {
  hash: string; block: number; txIndex: number; logIndex: number; time: number; from: string; to: string; token: string;
  raw: bigint; decimals: number; protocol: number; usd: Frac | null; day: string;
  /** The documented USD sort key (compat.md "## Big transfers": the DOUBLE helper raw ÷ 10^decimals × the close, in doubles). */
  usdSort: number | null;
}

const prices = new Map<string, Promise<string | undefined>>();
const price = (token: string, day: string) => {
  const k = `${token}|${day}`;
  if (!prices.has(k)) prices.set(k, priceOn(token, day));
  return prices.get(k)!;
};

/** The TRC20 Transfers matching `where` (SQL over raw_token_transfers t), with decimals, protocol type and exact USD. */
export async function moves(where: string, decimalsOf: (token: string) => Promise<number>): Promise<Move[]> {
  const types = await protocolTypes();
  const rows = await sql(`SELECT t.tx_hash, t.block_number, t.tx_index, t.log_index, t."timestamp", t.from_address, t.to_address,
      t.contract_address, t.amount_raw, strftime(epoch_ms(t."timestamp"), '%Y-%m-%d') AS day
    FROM raw_token_transfers t WHERE t.token_standard = 'trc20' AND (${where})`);
  const out: Move[] = [];
  for (const r of rows) {
    const decimals = await decimalsOf(String(r.contract_address));
    const p = await price(String(r.contract_address), String(r.day));
    const raw = BigInt(String(r.amount_raw));
    out.push({
      hash: String(r.tx_hash), block: Number(r.block_number), txIndex: Number(r.tx_index), logIndex: Number(r.log_index),
      time: Number(r.timestamp), from: String(r.from_address), to: String(r.to_address), token: String(r.contract_address), raw, decimals,
      protocol: types.get(`${r.block_number}:${r.tx_index}`) ?? 0, usd: p === undefined ? null : value(raw, decimals, p), day: String(r.day),
      usdSort: p === undefined ? null : Number(raw) / 10 ** decimals * Number(p),
    });
  }
  return out;
}

/** The type a move shows to `address` (null: none asked): its protocol type, else 2 sent to another, else 1. */
export const typeOf = (m: Move, address: string | null): number =>
  m.protocol > 0 ? m.protocol : address !== null && m.from === address && m.to !== address ? 2 : 1;

/** Whether `types` selects the move (0 all; a plain move with no address, or a self-transfer, is selected by 1 or 2). */
export function selected(m: Move, address: string | null, types: number[]): boolean {
  if (types.includes(0) || types.includes(typeOf(m, address))) return true;
  return m.protocol === 0 && (address === null || (m.from === address && m.to === address)) && types.includes(2);
}

/** The item the endpoint answers for a move. */
export function itemOf(m: Move, address: string | null) {
  const whole = m.raw.toString().padStart(m.decimals + 1, '0');
  const int = whole.slice(0, whole.length - m.decimals);
  const frac = whole.slice(whole.length - m.decimals).replace(/0+$/, '');
  return {
    hash: m.hash, time: m.time, from: m.from, to: m.to, token: m.token, amount: frac ? `${int}.${frac}` : int,
    usd: m.usd === null ? null : Number(round6(m.usd)), type: typeOf(m, address),
  };
}

const cmpBig = (a: bigint, b: bigint) => (a < b ? -1 : a > b ? 1 : 0);
export const chain = (a: Move, b: Move) => a.time - b.time || a.block - b.block || a.txIndex - b.txIndex || a.logIndex - b.logIndex;
/** Exact amount in whole tokens, compared at 36 decimals. */
const amountKey = (m: Move) => m.raw * 10n ** BigInt(36 - m.decimals);

/** The endpoint's order: sortBy time | amount | usd, descending unless asc; ties in chain order the same way; unpriced last. */
export function sorter(sortBy: 'time' | 'amount' | 'usd', asc: boolean): (a: Move, b: Move) => number {
  const s = asc ? 1 : -1;
  return (a, b) => {
    if (sortBy === 'amount') {
      const c = cmpBig(amountKey(a), amountKey(b));
      if (c !== 0) return s * c;
    }
    if (sortBy === 'usd') {
      // By the DOUBLE helper as documented: two exact values a double cannot tell apart (a chain price such as
      // 0.999999999999999996 × 10 and × another day's) tie, and fall to chain order.
      if (a.usdSort === null || b.usdSort === null) {
        if (a.usdSort !== b.usdSort) return a.usdSort === null ? 1 : -1;
      } else if (a.usdSort !== b.usdSort) return s * (a.usdSort < b.usdSort ? -1 : 1);
    }
    return s * chain(a, b);
  };
}

/** Exact amount bound check: `bound` whole tokens (decimal text). */
export function amountAtLeast(m: Move, bound: string): boolean {
  const [i, f = ''] = bound.split('.');
  return amountKey(m) >= BigInt(`${i}${f.padEnd(36, '0')}`);
}
export function amountAtMost(m: Move, bound: string): boolean {
  const [i, f = ''] = bound.split('.');
  return amountKey(m) <= BigInt(`${i}${f.padEnd(36, '0')}`);
}
/** USD bound checks on the exact value. */
export function usdAtLeast(m: Move, min: number | string): boolean {
  const b = frac(String(min));
  return m.usd !== null && m.usd.n * b.d >= b.n * m.usd.d;
}
export function usdAtMost(m: Move, max: number | string): boolean {
  const b = frac(String(max));
  return m.usd !== null && m.usd.n * b.d <= b.n * m.usd.d;
}

/** A move's exact USD as decimal text (its denominator is a power of ten: 10^decimals × the price's places), e.g. '1000.0031'. */
export function exactUsdText(m: Move): string {
  const { n, d } = m.usd!;
  const places = d.toString().length - 1;
  if (d !== 10n ** BigInt(places)) throw new Error(`not a decimal fraction: ${n}/${d}`);
  const digits = n.toString().padStart(places + 1, '0');
  return places === 0 ? digits : `${digits.slice(0, digits.length - places)}.${digits.slice(digits.length - places)}`;
}

/** Priced moves whose exact USD has more than 6 places or whose DOUBLE helper differs from it: the bounds a double may misplace. */
export function usdBoundWitnesses(ms: Move[]): Move[] {
  const priced = ms.filter((m) => m.usd !== null && m.usd.n > 0n);
  const inexact = priced.filter((m) => /\.\d{7,}/.test(exactUsdText(m)));
  return [...inexact, ...priced].slice(0, 3);
}

/** `x` (decimal text) moved by `step` × 10^-(its places + 20): beyond a double's resolution, e.g. ('1.5', 1) → '1.5000…0001'. */
export function nudge(x: string, step: 1 | -1): string {
  const [i, f = ''] = x.split('.');
  const places = f.length + 20;
  const digits = (BigInt(`${i}${f.padEnd(places, '0')}`) + BigInt(step)).toString().padStart(places + 1, '0');
  return `${digits.slice(0, digits.length - places)}.${digits.slice(digits.length - places)}`;
}

/**
 * The txUsd queries around a witness's exact USD x, each with the moves it keeps: x as min, as max, as both, and
 * bounds one step beyond x (steps below a double's resolution: only an exact comparison tells them from x). The
 * witness stays in exactly the first three.
 */
export function usdBoundCases(w: Move): { q: string; keep: (m: Move) => boolean; keepsWitness: boolean }[] {
  const x = exactUsdText(w);
  const above = nudge(x, 1);
  const below = nudge(x, -1);
  return [
    { q: `txUsd=${x},`, keep: (m) => usdAtLeast(m, x), keepsWitness: true },
    { q: `txUsd=,${x}`, keep: (m) => usdAtMost(m, x), keepsWitness: true },
    { q: `txUsd=${x},${x}`, keep: (m) => usdAtLeast(m, x) && usdAtMost(m, x), keepsWitness: true },
    { q: `txUsd=${above},`, keep: (m) => usdAtLeast(m, above), keepsWitness: false },
    { q: `txUsd=,${below}`, keep: (m) => usdAtMost(m, below), keepsWitness: false },
  ];
}
