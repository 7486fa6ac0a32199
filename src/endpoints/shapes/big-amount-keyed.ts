/**
 * The bigAmount lists of one address from the key files of address_trc20_transfers (issue 34 bench point; issue 32's
 * mechanism), with no SQL statement per request: the address's rows of the window are a few preads, typed, filtered,
 * counted and sorted here. Why: the templates read the address's range files and join defi_transaction_types over the
 * whole window, 15-75 ms on the default lake, where the key files answer in well under a millisecond per page.
 *
 * Kept per version: defi_transaction_types as two typed arrays (transaction key → type code, ~9 bytes a row) and
 * token_day_prices (token × day → price text), each read once by its own statement.
 *
 * The answers are the templates' exactly (deep/big-amount-address; their
 * tests run both paths): type = the transaction's protocol type, else 2 sent to another, else 1; amount bounds exact;
 * USD bounds exact (bigint, compareUsd); sorts: time = chain order; amount = the exact amount at `keyDecimals`; usd =
 * the DOUBLE helper computed as the SQL computes it (raw as DOUBLE ÷ 10^decimals × price as DOUBLE, IEEE in both), unpriced
 * last; ties in chain order the same way. An address with more than keyedLimits.rowsMax rows in the window reads SQL.
 */
import type { Row } from '../../duckdb/duck.ts';
import type { EndpointContext } from '../kit/endpoint.ts';
import { perVersion } from '../kit/per-version.ts';
import { compareUsd, type SortBy } from './big-amount-shape.ts';

/**
 * Most rows of the address in the window read from key files: beyond, one SQL statement is cheaper (default lake: an
 * address with ~18,000 rows took 70-105 ms from its key files, 27 ms by the statement; ~1,000 rows 3 ms, 16 ms).
 * Mutable for the tests, which run both paths over the same addresses.
 */
export const keyedLimits = { rowsMax: 5_000 };

const POW10 = Array.from({ length: 40 }, (_, i) => Number(`1e${i}`));

/** The version's transaction types, sorted by key = block_number × 2^20 + tx_index (exact below 2^53). */
interface DefiTypes { keys: Float64Array; codes: Uint8Array }

const txKey = (block: number, txIndex: number): number => block * 1_048_576 + txIndex;

export function defiTypes(ctx: Pick<EndpointContext, 'typedRows' | 'manifest'>): Promise<DefiTypes> {
  return perVersion(ctx.manifest, 'big-amount:defi-types', async () => {
    const rows = await ctx.typedRows('deep/big-amount-defi-types', {});
    const keys = new Float64Array(rows.length);
    const codes = new Uint8Array(rows.length);
    rows.forEach((r, i) => { keys[i] = txKey(Number(r.block_number), Number(r.tx_index)); codes[i] = Number(r.type_code); });
    return { keys, codes };
  });
}

function typeOfTx(t: DefiTypes, block: number, txIndex: number): number {
  const k = txKey(block, txIndex);
  let lo = 0;
  let hi = t.keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (t.keys[mid]! < k) lo = mid + 1;
    else hi = mid;
  }
  return lo < t.keys.length && t.keys[lo] === k ? t.codes[lo]! : 0;
}

export function dayPrices(ctx: Pick<EndpointContext, 'typedRows' | 'manifest'>): Promise<Map<string, string>> {
  return perVersion(ctx.manifest, 'big-amount:day-prices', async () =>
    new Map((await ctx.typedRows('deep/big-amount-day-prices', {})).map((r) => [`${r.token_id}|${r.day}`, String(r.price)])));
}

export interface KeyedAsk {
  address: string;
  start: number;
  end: number;
  /** token → decimals: the tokens asked. */
  tokens: ReadonlyMap<string, number>;
  related: string | null;
  types: readonly number[];
  /** Exact amount bounds at `keyDecimals` (integer texts), or null. */
  minKey: string | null;
  maxKey: string | null;
  keyDecimals: number | null;
  usd: { min: string | null; max: string | null } | undefined;
  sortBy: SortBy;
  asc: boolean;
  limit: number;
}

/** The row the item mapper reads (the templates' columns). */
export interface KeyedRow {
  tx_hash: string; timestamp: number; block_number: number; tx_index: number; log_index: number;
  contract_address: string; from_address: string; to_address: string; amount_raw: string; decimals: number;
  price: string | null; type_code: number;
}

const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** The page and total, or undefined when the version has no key files or the address has too many rows (SQL answers). */
export async function keyedBigAmount(
  ctx: Pick<EndpointContext, 'typedRows' | 'manifest' | 'keyedPage'>, a: KeyedAsk,
): Promise<{ rows: KeyedRow[]; total: number } | undefined> {
  const window = { from: a.start, to: a.end, desc: false, offset: 0 };
  const head = ctx.keyedPage('address_trc20_transfers', a.address, Object.assign({}, window, { limit: 0 }));
  if (!head || head.total > keyedLimits.rowsMax) return undefined;
  const [types, prices] = await Promise.all([defiTypes(ctx), dayPrices(ctx)]);
  const got = head.total === 0 ? { rows: [] as Row[] } : ctx.keyedPage('address_trc20_transfers', a.address, Object.assign({}, window, { limit: head.total }))!;
  const all = a.types.includes(0);
  const minKey = a.minKey === null ? null : BigInt(a.minKey);
  const maxKey = a.maxKey === null ? null : BigInt(a.maxKey);
  const picked: { row: KeyedRow; key: bigint; usd: number | null }[] = [];
  for (const r of got.rows) {
    const token = String(r.contract_address);
    const decimals = a.tokens.get(token);
    if (decimals === undefined || r.token_standard !== 'trc20') continue;
    const from = String(r.from_address);
    const to = String(r.to_address);
    if (a.related !== null && !((from === a.related && to === a.address) || (to === a.related && from === a.address))) continue;
    const block = Number(r.block_number);
    const txIndex = Number(r.tx_index);
    const protocol = typeOfTx(types, block, txIndex);
    const typeCode = protocol > 0 ? protocol : from === a.address && to !== a.address ? 2 : 1;
    const eitherWay = from === a.address && to === a.address;
    if (!(all || a.types.includes(typeCode) || (protocol === 0 && eitherWay && a.types.includes(2)))) continue;
    const rawText = String(r.amount_raw);
    const raw = BigInt(rawText);
    const key = a.keyDecimals === null ? raw : raw * 10n ** BigInt(a.keyDecimals - decimals);
    if ((minKey !== null && key < minKey) || (maxKey !== null && key > maxKey)) continue;
    const ts = Number(r.timestamp);
    const price = prices.get(`${token}|${dayOf(ts)}`) ?? null;
    if (a.usd && (a.usd.min !== null || a.usd.max !== null)) {
      if (price === null) continue;
      if (a.usd.min !== null && compareUsd(raw, decimals, price, a.usd.min) < 0) continue;
      if (a.usd.max !== null && compareUsd(raw, decimals, price, a.usd.max) > 0) continue;
    }
    picked.push({
      row: {
        tx_hash: String(r.tx_hash), timestamp: ts, block_number: block, tx_index: txIndex, log_index: Number(r.log_index),
        contract_address: token, from_address: from, to_address: to, amount_raw: rawText, decimals, price, type_code: typeCode,
      },
      key,
      usd: price === null ? null : Number(rawText) / POW10[decimals]! * Number(price),
    });
  }
  const s = a.asc ? 1 : -1;
  const chain = (x: KeyedRow, y: KeyedRow) =>
    x.timestamp - y.timestamp || x.block_number - y.block_number || x.tx_index - y.tx_index || x.log_index - y.log_index;
  picked.sort((x, y) => {
    if (a.sortBy === 'amount' && x.key !== y.key) return s * (x.key < y.key ? -1 : 1);
    if (a.sortBy === 'usd') {
      if (x.usd === null || y.usd === null) {
        if (x.usd !== y.usd) return x.usd === null ? 1 : -1;
      } else if (x.usd !== y.usd) return s * (x.usd < y.usd ? -1 : 1);
    }
    return s * chain(x.row, y.row);
  });
  return { rows: picked.slice(0, a.limit).map((p) => p.row), total: picked.length };
}
