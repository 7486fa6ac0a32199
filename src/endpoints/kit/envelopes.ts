/**
 * Response envelopes of the reference (§1.3): paged lists (`total` capped at 10000, `rangeTotal` the true count)
 * and the status wrapper of the statistics endpoints.
 */
import { SUM_RULE_WINDOW } from '../../params/paging.ts';

/**
 * Paged-list envelope, e.g. `pagedList('data', rows, 12345)` = `{ total: 10000, rangeTotal: 12345, data: rows }`;
 * `more` fields follow, e.g. `pagedList('data', rows, n, { contractMap })` (no spread first: src/endpoints/README.md).
 */
export function pagedList<K extends string, T, M extends object = object>(key: K, items: T[], rangeTotal: number, more?: M): { total: number; rangeTotal: number } & Record<K, T[]> & M {
  const list = { total: Math.min(rangeTotal, SUM_RULE_WINDOW), rangeTotal, [key]: items } as { total: number; rangeTotal: number } & Record<K, T[]>;
  return (more ? Object.assign(list, more) : list) as typeof list & M;
}

/** Status wrapper of the statistics endpoints: `code` 200, `status` "1", `message` "request ok" (reference §1.3). */
/** The address lookups a list answer carries beside its rows, in TronScan's key order (contractMap, contractInfo, normalAddressInfo). */
export function addressLookupFields(l: { contractMap: Record<string, boolean>; contractInfo: Record<string, unknown>; normalAddressInfo: Record<string, { risk: boolean }> }) {
  return { contractMap: l.contractMap, contractInfo: l.contractInfo, normalAddressInfo: l.normalAddressInfo };
}

export function statusWrapper<T extends object>(body: T): T & { code: number; status: string; message: string } {
  return { code: 200, status: '1', message: 'request ok', ...body };
}

/** Sun → whole TRX as a decimal number (block list `fee`, statistics), e.g. `sunToTrx(1_500_000)` = 1.5. */
export function sunToTrx(sun: number | bigint): number {
  return Number(sun) / 1_000_000;
}

/**
 * NFT inventory envelope (reference §2: trc721/token, trc1155 inventories), e.g.
 * `inventoryEnvelope(items, 12)` = `{ total: 12, rangeTotal: 12, page_size: items.length, code: 200, data: items }`.
 */
export function inventoryEnvelope<T>(items: T[], rangeTotal: number) {
  return { total: Math.min(rangeTotal, SUM_RULE_WINDOW), rangeTotal, page_size: items.length, code: 200, data: items };
}
