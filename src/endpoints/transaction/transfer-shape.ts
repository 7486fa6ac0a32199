/**
 * Shared pieces of the transfer lists (token_trc20/transfers, token_trc1155/transfers, transfer,
 * internal-transaction, transfers-with-status): the by-address anchor, the row state, the address lookups of the
 * envelopes and the token-transfer item (reference §3.3, §3.4). The one place mapping these lake columns to names.
 */
import type { Cell, Row } from '../../duckdb/duck.ts';
import type { BindValue } from '../../engine/engine.ts';
import type { EndpointContext } from '../../http/endpoint.ts';
import { normalAddressInfo, type ContractInfo, type TokenInfo } from '../../http/lookups.ts';

export type Direction = 'in' | 'out' | 'all';

/** Sides of the by-address copy kept for a direction; a self transfer counts as both in and out. */
export const SIDES: Record<Direction, readonly string[] | null> = { in: ['in', 'self'], out: ['out', 'self'], all: null };

/**
 * The address the by-address copy is read under, and the sides kept: relatedAddress with `direction`, else
 * fromAddress (sent), else toAddress (received); null when no address is given (read the fact table),
 * e.g. `anchorOf({ from: 'T…', direction: 'all' })` = `{ anchor: 'T…', dirs: ['out', 'self'] }`.
 */
export function anchorOf(a: { related?: string; from?: string; to?: string; direction: Direction }): { anchor: string; dirs: string[] | null } | null {
  const sides = (d: Direction) => (SIDES[d] ? [...SIDES[d]] : null);
  if (a.related) return { anchor: a.related, dirs: sides(a.direction) };
  if (a.from) return { anchor: a.from, dirs: sides('out') };
  if (a.to) return { anchor: a.to, dirs: sides('in') };
  return null;
}

/** Row state (SPEC §3): 2 reverted when contract_ret is not SUCCESS, else 1 unconfirmed, else 0 confirmed. */
export function stateOf(r: Row): 0 | 1 | 2 {
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

export const str = (v: Cell | undefined): string => (v === null || v === undefined ? '' : String(v));

/** A token_transfers row as a `token_transfers[]` item (reference §3.3); TRC721 `quant` is the token id. */
export function tokenTransferItem(r: Row, infos: Map<string, TokenInfo>, contractMap: Record<string, boolean>) {
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
 * rangeTotal of a token-transfer list without an address: over the whole lake with at most contract and confirm
 * filters it comes from the daily rollup (confirm=0 subtracts the unconfirmed tail, confirm=1 counts only the
 * tail, both cheap: block bounds prune to the last row groups); anything else is a raw count of `total`.
 */
export async function tokenTransferTotal(
  ctx: Pick<EndpointContext, 'rows'>,
  q: { total: string; rollup: string },
  standards: readonly string[],
  filter: Record<string, BindValue> & { contract: string | null; min_block: number | null; max_block: number | null },
  solidBlock: number,
): Promise<number> {
  const count = async (name: string, binds: Record<string, BindValue>) => Number((await ctx.rows(name, binds))[0]?.n ?? 0);
  const rest = Object.entries(filter).filter(([k]) => !['contract', 'min_block', 'max_block'].includes(k));
  const wholeLake = rest.every(([, v]) => v === null);
  if (!wholeLake || filter.min_block !== null) return count(q.total, filter);
  const all = await count(q.rollup, { standards: [...standards], contract: filter.contract });
  if (filter.max_block === null) return all;
  return all - (await count(q.total, { ...filter, max_block: null, min_block: solidBlock + 1 }));
}

/**
 * Day bounds for a block filter: the block's UTC day from the `common/block_day` query (declared by the endpoint
 * as `blockDay`), so the page and count read one partition (an empty range when the block is not in the lake),
 * e.g. `{ ...filter, ...(await blockDay(ctx, 87164950)) }` = `{ start_day: '2026-10-18', end_day: '2026-10-18' }`.
 */
export async function blockDay(ctx: Pick<EndpointContext, 'rows'>, block: number | null): Promise<{ start_day?: string; end_day?: string }> {
  if (block === null) return {};
  const day = (await ctx.rows('blockDay', { number: block }))[0]?.day;
  // A block outside the lake matches no partition: an empty day range answers at once.
  return typeof day === 'string' ? { start_day: day, end_day: day } : { start_day: '9999-12-31', end_day: '0000-01-01' };
}
