/**
 * GET /api/transaction (SPEC §4.7; shape: reference §3.1). With an address (address / fromAddress / toAddress)
 * it reads the copy clustered by address; otherwise the time-sorted fact table. `confirm` combines states
 * 0 confirmed, 1 unconfirmed, 2 reverted (docs/compat.md).
 */
import { BLACKHOLE_ADDRESS } from '../../chain/address.ts';
import { address, bool, commaList, confirm, contractType, direction, int, tokenAlias } from '../../params/index.ts';
import { defineList } from '../kit/list.ts';
import { transactions } from '../../lake/datasets/raw.ts';
import type { RowOf } from '../../lake/datasets/types.ts';
import { addressBucket } from '../../lake/key-files.ts';
import { pagedList } from '../kit/envelopes.ts';
import { contractInfo, contractMap, exactInt, shape } from '../kit/schemas.ts';
import { z } from 'zod';
import { withFields } from '../shapes/cells.ts';
import { tokenKey, transactionFields, transactionFieldsSchema } from '../shapes/transaction-shape.ts';

const DIRS = { in: ['in', 'self'], out: ['out', 'self'], all: ['in', 'out', 'self'] } as const;

export default defineList({
  path: '/api/transaction',
  summary: 'Transactions, newest first; filters by address and direction, block, type, token, time and confirmation state.',
  params: {
    count: bool().optional(),
    address: address().optional(),
    fromAddress: address().optional(),
    toAddress: address().optional(),
    tokens: commaList(tokenAlias(), { max: 100 }).optional(),
    block: int({ min: 0 }).optional(),
    type: commaList(contractType(), { max: 60 }).optional(),
    direction: direction(),
    confirm: confirm([0, 1, 2]).optional(),
  },
  // Builds what every by-address list of a version shares (its busy addresses, the token and contract maps).
  warm: [{ address: BLACKHOLE_ADDRESS }],
  paging: { defaultLimit: 10, maxLimit: 50, sumRule: true },
  sort: { columns: { timestamp: 't."timestamp"', block: 't.block_number' }, default: '-timestamp', tieBreak: ['t.block_number', 't.tx_index'] },
  timeWindow: true,
  sql: {
    rows: 'transaction/transaction',
    byAddress: 'transaction/transaction.by-address',
    copy: 'address_transactions',
    also: { wholeChain: 'common/whole_chain_tx_count' },
    extra: { stateCounts: 'common/tx_state_counts', addressSides: 'common/address_tx_sides' },
  },
  filters: (p) => ({
    block: p.block ?? null,
    types: p.type && p.type.length > 0 ? p.type : null,
    tokens: p.tokens && p.tokens.length > 0 ? p.tokens : null,
    confirm: p.confirm ?? null,
  }),
  // The address's side: `direction` for address; sent for fromAddress; received for toAddress.
  byAddress: (p) => {
    const a = p.address ?? p.fromAddress ?? p.toAddress;
    if (!a) return undefined;
    const dirs = p.address ? DIRS[p.direction] : p.fromAddress ? DIRS.out : DIRS.in;
    return { address: a, dirs: [...dirs], from_address: p.fromAddress ?? null, to_address: p.toAddress ?? null };
  },
  // From key files, no statement (issue 32; the window and total are the key files'): an address with no other
  // filter (the copy by address; one side kept from its rows), a block alone or no filter at all (the copy by block: block order is time
  // order, and tx_index the tie-break both sorts use). Any other filter reads Parquet.
  keyed: {
    of: (p) => {
      if (p.fromAddress !== undefined || p.toAddress !== undefined || !!p.tokens?.length) return null;
      if (p.type?.length || p.confirm !== undefined) {
        if (p.address !== undefined) return null;
        // Types and states of every transaction (or a block's): kept from the copy by block's rows, newest first; the
        // total the rows read when the scan reached the end, else the stored counts (whole lake only).
        const types = p.type?.length ? p.type : null;
        const states = p.confirm ?? [0, 1, 2];
        const whole = p.block === undefined && p.start_timestamp === undefined && p.end_timestamp === undefined;
        return {
          dataset: 'transactions_by_block',
          key: p.block,
          keep: (r, chain) => (types === null || types.includes(Number(r.contract_type))) && states.includes(txState(r, chain.solidBlock)),
          total: (q) => (whole ? q.version('stateCounts').then((rows) => countOfStates(rows, types, states)) : undefined),
        };
      }
      if (p.address !== undefined && p.block === undefined) {
        if (p.direction === 'all') return { dataset: 'address_transactions', key: p.address };
        // One side: the key's rows of that side (the direction column), the total stored per side (address_tx_sides:
        // exact for the whole lake only, so a time window counts through SQL unless the scan reads every row).
        const sides: readonly string[] = DIRS[p.direction];
        const whole = p.start_timestamp === undefined && p.end_timestamp === undefined;
        return {
          dataset: 'address_transactions',
          key: p.address,
          keep: (r) => sides.includes(String(r.direction)),
          total: (q) => (whole ? q.rows('addressSides', { address: p.address! }).then((r) => Number((p.direction === 'out' ? r[0]?.tx_out : r[0]?.tx_in) ?? 0)) : undefined),
        };
      }
      if (p.address !== undefined) return null;
      return { dataset: 'transactions_by_block', key: p.block };
    },
    row: (raw, chain, dataset) => {
      // transaction.sql's row: the transaction and `confirmed` (no bucket: that is the copy by address's column).
      if (dataset === 'transactions_by_block') return withFields(raw as RowOf<typeof transactions>, { confirmed: Number(raw.block_number) <= chain.solidBlock }) as never;
      const r = raw as RowOf<typeof transactions> & { address: string };
      return withFields(r, { bucket: addressBucket(r.address), confirmed: Number(r.block_number) <= chain.solidBlock });
    },
  },
  block: (p) => p.block,
  // Over the whole lake filtered by type and state only, the count is a sum of stored counts (tx_state_counts: the
  // daily rollup and the unconfirmed blocks at the head), read once per version.
  total: (_p, f, q) =>
    f.start_ts === null && f.end_ts === null && f.block === null && f.tokens === null
      ? q.version('stateCounts').then((rows) => countOfStates(rows, f.types, f.confirm ?? [0, 1, 2]))
      : undefined,
  lookups: {
    tokens: (r) => [tokenKey(r)],
    addresses: (r) => [String(r.owner_address ?? ''), String(r.to_address ?? r.contract_address ?? '')],
  },
  row: (r, x) =>
    withFields(transactionFields(r, x.lookups.tokens), {
      toAddressList: [String(r.to_address ?? r.contract_address ?? '')].filter(Boolean),
      id: '',
      fee: '',
      SmartCalls: '',
      Events: '',
      cheatStatus: false,
    }),
  envelope: (items, x) => pagedList('data', items, x.rangeTotal, {
    wholeChainTxCount: x.also.wholeChain?.[0]?.n ?? null,
    contractMap: x.lookups.contractMap,
    contractInfo: x.lookups.contractInfo,
  }),
  item: shape({
    ...transactionFieldsSchema,
    toAddressList: z.array(z.string()),
    id: z.string(),
    fee: z.string(),
    SmartCalls: z.string(),
    Events: z.string(),
    cheatStatus: z.boolean(),
  }),
  envelopeFields: { wholeChainTxCount: exactInt.nullable(), contractMap, contractInfo },
  csv: { filename: 'transactions.csv' },
});

/** A row of common/tx_state_counts: per contract type, every transaction, the reverted ones, the unconfirmed others. */
export interface StateCounts {
  contract_type: unknown;
  tx_count: unknown;
  failed_count: unknown;
  unconfirmed_count: unknown;
}

/**
 * Transactions of the given types (all when null) whose state (sql/macros/tx_state.sql) is in `states`: 2 reverted,
 * 1 unconfirmed and not reverted, 0 the rest, each a sum of the stored per-type counts, e.g.
 * `countOfStates(rows, [1], [0, 1])` is the successful and pending TRX transfers.
 */
export function countOfStates(rows: readonly StateCounts[], types: readonly number[] | null, states: readonly number[]): number {
  let n = 0;
  for (const r of rows) {
    if (types !== null && !types.includes(Number(r.contract_type))) continue;
    const reverted = Number(r.failed_count);
    const unconfirmed = Number(r.unconfirmed_count);
    if (states.includes(0)) n += Number(r.tx_count) - reverted - unconfirmed;
    if (states.includes(1)) n += unconfirmed;
    if (states.includes(2)) n += reverted;
  }
  return n;
}

/** sql/macros/tx_state.sql over a row in code: 2 when its result is not SUCCESS (a NULL result is not), else 1 above the solid block, else 0. */
export function txState(r: { contract_ret?: unknown; block_number?: unknown }, solidBlock: number): number {
  if (r.contract_ret !== null && r.contract_ret !== undefined && r.contract_ret !== 'SUCCESS') return 2;
  return Number(r.block_number) > solidBlock ? 1 : 0;
}
