/**
 * GET /api/contracts/trigger (SPEC §4.6, §8; shape: reference §2.10): every TriggerSmartContract transaction of the
 * network in the time window (`start_timestamp` / `end_timestamp`, ms), newest first; start + limit ≤ 10000, limit
 * at most 50. `result` is the call's result (SUCCESS, REVERT, …), `contractType` 'TriggerSmartContract', `token`
 * the TRC10 id sent with the call ('' when none; docs/compat.md "Contract statistics"). A page reads the copy by
 * block's key files from the newest end (no statement); the count is the daily rollup's days inside the window
 * plus the raw rows of its first and last day.
 */
import { z } from 'zod';
import { defineList } from '../kit/list.ts';
import { transactions } from '../../lake/datasets/raw.ts';
import type { RowOf } from '../../lake/datasets/types.ts';
import { pagedList } from '../kit/envelopes.ts';
import { contractInfo, contractMap, exactInt, shape } from '../kit/schemas.ts';
import { utcDay } from '../kit/time-window.ts';
import { str, withFields } from '../shapes/cells.ts';

const TRIGGER = 31;
const DAY_MS = 86_400_000;

/** The count statement's binds: the days strictly inside [start, end] (from the rollup) and the two edge days (raw). */
export function countBinds(start: number | null, end: number | null): { start_ts: number | null; end_ts: number | null; inner_from: string | null; inner_to: string | null; edge_first: string | null; edge_last: string | null } {
  const first = start === null ? null : utcDay(start);
  const last = end === null ? null : utcDay(end);
  return {
    start_ts: start,
    end_ts: end,
    inner_from: first === null ? '0000-01-01' : utcDay(Date.parse(`${first}T00:00:00Z`) + DAY_MS),
    inner_to: last === null ? '9999-12-31' : utcDay(Date.parse(`${last}T00:00:00Z`) - DAY_MS),
    edge_first: first,
    edge_last: last,
  };
}

export default defineList({
  path: '/api/contracts/trigger',
  summary: 'Smart contract calls of the whole network, newest first, in a time window.',
  params: {},
  paging: { defaultLimit: 10, maxLimit: 50, sumRule: true },
  // Newest first, one fixed order (the spec names no sort parameter): the copy by block's order read backwards.
  order: 't."timestamp" DESC, t.block_number DESC, t.tx_index DESC',
  timeWindow: true,
  sql: { rows: 'contract/contracts-trigger', extra: { count: 'contract/contracts-trigger.count' } },
  filters: () => ({}),
  // The newest calls from the copy by block's key files, kept by type (at most 4,096 rows read, then SQL).
  keyed: {
    of: (p) => ({
      dataset: 'transactions_by_block',
      key: undefined,
      keep: (r) => Number(r.contract_type) === TRIGGER,
      total: (q) => q.rows('count', countBinds(p.start_timestamp ?? null, p.end_timestamp ?? null)).then((r) => Number(r[0]?.n ?? 0)),
    }),
    row: (raw, chain) => withFields(raw as RowOf<typeof transactions>, { confirmed: Number(raw.block_number) <= chain.solidBlock }) as never,
  },
  total: (p, _f, q) => q.rows('count', countBinds(p.start_timestamp ?? null, p.end_timestamp ?? null)).then((r) => Number(r[0]?.n ?? 0)),
  lookups: { addresses: (r) => [str(r.owner_address), str(r.contract_address)] },
  row: (r) => ({
    block: Number(r.block_number),
    hash: str(r.tx_hash),
    timestamp: Number(r.timestamp),
    ownerAddress: str(r.owner_address),
    ownerAddressTag: '',
    contractAddress: str(r.contract_address),
    callData: str(r.call_data),
    callValue: r.amount,
    confirmed: Boolean(r.confirmed),
    contractType: 'TriggerSmartContract',
    result: str(r.contract_ret),
    token: str(r.token_id),
  }),
  envelope: (items, x) => pagedList('data', items, x.rangeTotal, { contractMap: x.lookups.contractMap, contractInfo: x.lookups.contractInfo }),
  item: shape({
    block: z.number().int(),
    hash: z.string(),
    timestamp: z.number().int(),
    ownerAddress: z.string(),
    ownerAddressTag: z.string(),
    contractAddress: z.string(),
    callData: z.string(),
    callValue: exactInt,
    confirmed: z.boolean(),
    contractType: z.string(),
    result: z.string(),
    token: z.string(),
  }),
  envelopeFields: { contractMap, contractInfo },
  // The download names the columns as the items do (the constant contractType and the empty tag left out).
  csv: {
    filename: 'contract_triggers.csv',
    columns: [{ header: 'block', field: 'block_number' }, { header: 'hash', field: 'tx_hash' }, { header: 'timestamp', field: 'timestamp' }, { header: 'ownerAddress', field: 'owner_address' }, { header: 'contractAddress', field: 'contract_address' }, { header: 'callData', field: 'call_data' }, { header: 'callValue', field: 'amount' }, { header: 'confirmed', field: 'confirmed' }, { header: 'result', field: 'contract_ret' }, { header: 'token', field: 'token_id' }],
  },
});
