/**
 * Shared pieces of the transfer lists (token_trc20/transfers, token_trc1155/transfers, transfer,
 * internal-transaction, transfers-with-status): the by-address binds, the row state, the address lookups of the
 * envelopes and the token-transfer item (reference §3.3, §3.4). The one place mapping these lake columns to names.
 */
import { str, withFields, type ColumnsOrRow } from './cells.ts';
import type { tokenTransfers, transactions } from '../../lake/datasets/raw.ts';
import type { RowOf } from '../../lake/datasets/types.ts';
import type { BindValue } from '../../engine/engine.ts';
import { DAY_MS, utcDayStart } from '../../time.ts';
import { utcDay } from '../kit/time-window.ts';
import type { EndpointContext } from '../kit/endpoint.ts';
import type { ListQueries } from '../kit/list.ts';
import { normalAddressInfo, type ContractInfo, type TokenInfo } from '../kit/lookups.ts';
import { z } from 'zod';
import { exactInt, intString, shape, tokenInfoOrEmpty } from '../kit/schemas.ts';

export type Direction = 'in' | 'out' | 'all';

/** Sides of the by-address copy kept for a direction; a self transfer counts as both in and out. */
export const SIDES: Record<Direction, readonly string[] | null> = { in: ['in', 'self'], out: ['out', 'self'], all: null };

/**
 * The address the by-address copy is read under, and the sides kept: relatedAddress with `direction`, else
 * fromAddress (sent), else toAddress (received); null when no address is given (read the fact table),
 * e.g. `anchorOf({ from: 'T…', direction: 'all' })` = `{ address: 'T…', dirs: ['out', 'self'] }`.
 */
export function anchorOf(a: { related?: string; from?: string; to?: string; direction: Direction }): { address: string; dirs: string[] | null } | undefined {
  const sides = (d: Direction) => (SIDES[d] ? [...SIDES[d]] : null);
  if (a.related) return { address: a.related, dirs: sides(a.direction) };
  if (a.from) return { address: a.from, dirs: sides('out') };
  if (a.to) return { address: a.to, dirs: sides('in') };
  return undefined;
}

/** Row state (SPEC §3): 2 reverted when contract_ret is not SUCCESS, else 1 unconfirmed, else 0 confirmed. */
export function stateOf(r: ColumnsOrRow<'contract_ret' | 'confirmed'>): 0 | 1 | 2 {
  if (str(r.contract_ret) !== 'SUCCESS') return 2;
  return r.confirmed === true ? 0 : 1;
}

export interface AddressLookups {
  contractMap: Record<string, boolean>;
  contractInfo: Record<string, ContractInfo>;
  normalAddressInfo: Record<string, { risk: boolean }>;
}

/** contractMap / contractInfo / normalAddressInfo of the given addresses (one lookup query). */
export async function addressLookups(ctx: Pick<EndpointContext, 'lookups'>, addresses: readonly string[]): Promise<AddressLookups> {
  const { map, info } = await ctx.lookups.contractMap(addresses.filter((a) => a !== '' && a !== 'null'));
  return { contractMap: map, contractInfo: info, normalAddressInfo: normalAddressInfo(map) };
}

// The cell converter lives once in cells.ts; the transfer lists import it from here too.
export { str };

/** A token_transfers row as a `token_transfers[]` item (reference §3.3); TRC721 `quant` is the token id. */
export function tokenTransferItem(
  r: ColumnsOrRow<'contract_ret' | 'from_address' | 'to_address' | 'token_standard' | 'tx_hash' | 'block_number' | 'timestamp' | 'contract_address' | 'token_id' | 'amount_raw' | 'event_type' | 'confirmed'>,
  infos: Map<string, TokenInfo>, contractMap: Record<string, boolean>) {
  const ret = str(r.contract_ret);
  const from = str(r.from_address);
  const to = str(r.to_address);
  const standard = str(r.token_standard);
  return {
    transaction_id: r.tx_hash,
    block: r.block_number,
    block_ts: r.timestamp,
    from_address: from,
    from_address_tag: { from_address_tag: '', from_address_tag_logo: '' },
    to_address: to,
    to_address_tag: { to_address_tag: '', to_address_tag_logo: '' },
    contract_address: r.contract_address,
    quant: standard === 'trc721' ? str(r.token_id) : str(r.amount_raw),
    contract_type: standard,
    event_type: str(r.event_type),
    confirmed: r.confirmed === true,
    contractRet: ret,
    finalResult: ret,
    revert: ret !== 'SUCCESS',
    status: stateOf(r),
    fromAddressIsContract: contractMap[from] === true,
    toAddressIsContract: contractMap[to] === true,
    riskTransaction: false,
    tokenInfo: infos.get(str(r.contract_address)) ?? {},
  };
}

/** Row state of the transfer lists: 0 confirmed, 1 unconfirmed, 2 reverted. */
export const stateSchema = z.union([z.literal(0), z.literal(1), z.literal(2)]);

/** Schema of a `token_transfers[]` item (reference §3.3): `quant` a raw integer in a string (a token id for TRC721). */
export const tokenTransferItemSchema = shape({
  transaction_id: z.string(),
  block: exactInt,
  block_ts: exactInt,
  from_address: z.string(),
  from_address_tag: z.object({ from_address_tag: z.string(), from_address_tag_logo: z.string() }),
  to_address: z.string(),
  to_address_tag: z.object({ to_address_tag: z.string(), to_address_tag_logo: z.string() }),
  contract_address: z.string(),
  quant: intString,
  contract_type: z.string(),
  event_type: z.string(),
  confirmed: z.boolean(),
  contractRet: z.string(),
  finalResult: z.string(),
  revert: z.boolean(),
  status: stateSchema,
  fromAddressIsContract: z.boolean(),
  toAddressIsContract: z.boolean(),
  riskTransaction: z.boolean(),
  tokenInfo: tokenInfoOrEmpty,
});

/**
 * A `confirm` filter of the token lists as block bounds around the solid block (token_transfers rows are never
 * reverted, so the state is the block's): 0 → at or below it, 1 → above it, both / none → no bound. Bounds prune.
 */
export function blockBounds(confirm: readonly number[] | undefined, solidBlock: number): { min_block: number | null; max_block: number | null } {
  if (confirm?.length === 1 && confirm[0] === 0) return { min_block: null, max_block: solidBlock };
  if (confirm?.length === 1 && confirm[0] === 1) return { min_block: solidBlock + 1, max_block: null };
  return { min_block: null, max_block: null };
}

/**
 * rangeTotal of a token-transfer list without an address: with at most contract, confirm and time filters, the whole
 * UTC days of the window come from the daily rollup (its counts per day and standard kept per version when no token
 * is asked: `standardCounts`; confirm=0 subtracts their unconfirmed tail, cheap: block bounds
 * prune to the last row groups) and a day the window cuts at either end is counted over its rows; anything else
 * (undefined: confirm=1, other filters) is the rows' count. Issue 32: a token's page of one day counted the day's rows
 * beside its page, and a week cut at both ends counted the week's rows (17 ms on the default lake) where its two cut
 * days are enough.
 */
export function tokenTransferTotal(
  q: ListQueries,
  standards: readonly string[],
  f: Record<string, BindValue>,
): Promise<number> | undefined {
  const rest = Object.entries(f).filter(([k]) => !['contract', 'min_block', 'max_block', ...WINDOW_KEYS].includes(k));
  if (!rest.every(([, v]) => v === null) || f.min_block !== null) return undefined;
  const split = splitWindow(f);
  if (!split) return undefined;
  return (async () => {
    const { days, edges } = split;
    const counted = edges.map((e) => q.count('rows', Object.assign({}, f, e)));
    let whole = 0;
    if (days) {
      const inDay = (d: string) => (days.start_day === null || d >= days.start_day) && (days.end_day === null || d <= days.end_day);
      // Without a token, the counts per day and standard kept per version; a token's from the rollup's rows.
      whole = (f.contract ?? null) === null
        ? standardsTotal(standards)((await q.version('standardCounts')).filter((r) => inDay(str(r.day))))
        : Number((await q.rows('rollup', { standards: [...standards], contract: f.contract ?? null, start_day: days.start_day, end_day: days.end_day }))[0]?.n ?? 0);
      if (f.max_block !== null) whole -= await q.count('rows', Object.assign({}, f, days, { max_block: null, min_block: q.solidBlock + 1 }));
    }
    return whole + (await Promise.all(counted)).reduce((a, n) => a + n, 0);
  })();
}

type WindowBounds = { start_ts: number | null; end_ts: number | null; start_day: string | null; end_day: string | null };

/**
 * A time window (`f`'s start_ts / end_ts, NULL: the lake's end) cut into the whole UTC days it covers (`days`: their
 * bounds, null when none) and the days it cuts at either end (`edges`: their parts inside the window), e.g. day 1
 * 10:00 to day 4 05:00 → days 2-3 and edges [day 1 10:00, day 1 23:59:59.999], [day 4 00:00, day 4 05:00]; a window
 * inside one day is one edge. Undefined when a bound is not a number.
 */
export function splitWindow(f: Record<string, BindValue>): { days: WindowBounds | null; edges: WindowBounds[] } | undefined {
  const start = f.start_ts ?? null;
  const end = f.end_ts ?? null;
  if ((start !== null && typeof start !== 'number') || (end !== null && typeof end !== 'number')) return undefined;
  const bounds = (s: number | null, e: number | null): WindowBounds => ({ start_ts: s, end_ts: e, start_day: s === null ? null : utcDay(s), end_day: e === null ? null : utcDay(e) });
  // The first ms of the first whole day, and the last ms of the last one.
  const first = start === null ? null : start % DAY_MS === 0 ? start : utcDayStart(start) + DAY_MS;
  const last = end === null ? null : (end + 1) % DAY_MS === 0 ? end : utcDayStart(end) - 1;
  const edges: WindowBounds[] = [];
  if (start !== null && first !== start) edges.push(bounds(start, end === null ? first! - 1 : Math.min(end, first! - 1)));
  if (end !== null && last !== end && (first === null || utcDayStart(end) >= first)) edges.push(bounds(start === null ? utcDayStart(end) : Math.max(start, utcDayStart(end)), end));
  const days = first !== null && last !== null && first > last ? null : bounds(first, last);
  return { days, edges };
}

/**
 * A token transfer list asked with no filter at all, as a keyed page (kit/list.ts `keyed`): the newest (or oldest)
 * rows of token_transfers_by_block's key files (every standard) kept by `standards`. Its total is `standardsTotal`
 * over the rollup's counts per day and standard read once per version (common/token_transfer_standard_counts).
 */
export function unfilteredTokenTransfers(standards: readonly string[]) {
  return { dataset: 'token_transfers_by_block', key: undefined, keep: (r: ColumnsOrRow<'token_standard'>) => standards.includes(str(r.token_standard)) };
}

/** The transfers of `standards` from the per-standard counts, e.g. `rows.then(standardsTotal(['trc1155']))`. */
export function standardsTotal(standards: readonly string[]) {
  return (rows: readonly ColumnsOrRow<'token_standard' | 'n'>[]): number => rows.filter((x) => standards.includes(str(x.token_standard))).reduce((a, x) => a + Number(x.n), 0);
}

/** A token transfer row of the list statements (transaction/token-transfers.columns.sql) from a key-file row. */
export function keyedTokenTransfer(r: RowOf<typeof tokenTransfers>, solidBlock: number) {
  // Only the logs of successful transactions are stored.
  return withFields(r, { contract_ret: 'SUCCESS', revert: false, confirmed: Number(r.block_number) <= solidBlock });
}

const WINDOW_KEYS = ['start_ts', 'end_ts', 'start_day', 'end_day'];

/**
 * A TRX / TRC10 transfer row of a transfers copy's key files (address_trx_transfers, trx_transfers_by_block) as the
 * transfer statements select it: `token_name` '_' for TRX (type 1), else the TRC10 id (macro asset_id), and `confirmed`.
 */
export function keyedTransferRow(raw: ColumnsOrRow<'contract_type' | 'token_id' | 'block_number'>, chain: { solidBlock: number }) {
  const r = raw as RowOf<typeof transactions>;
  return withFields(r, { token_name: Number(r.contract_type) === 1 ? '_' : r.token_id, confirmed: Number(r.block_number) <= chain.solidBlock });
}
