/**
 * POST /api/contracts/smart-contract-triggers-batch (SPEC §4.6, the spec's only POST; shape: reference §2.3, `{event_list,
 * list}`): TriggerSmartContract transactions and their event logs decoded by the emitting contract's ABI (the
 * contract_code snapshot). JSON body, every field optional:
 *   hashList: transaction ids (at most 50): those transactions (to `contractAddress` when given);
 *   contractAddress alone: its newest calls (its rows of address_transactions' key files, newest first);
 *   term: a block number (the calls of that block) or an event name (only the events of that name, and the calls
 *     that emitted one); fields: comma-separated names `list[]` items keep; limit: the calls read (default 20, max 50).
 * With neither hashList, contractAddress nor a block term: both arrays empty (nothing names what to read).
 * `event_list[]` holds the logs of the listed calls whose contract has an ABI with their event (docs/compat.md
 * "Contracts": values as strings, addresses Base58); a log without one is left out.
 */
import { z } from 'zod';
import { defineEndpoint, type EndpointContext } from '../kit/endpoint.ts';
import { address } from '../../params/index.ts';
import { decodeCall, decodeEvent, eventsByTopic, functionsBySelector, methodSignature, parseAbi, type AbiItem } from '../../chain/abi-decode.ts';
import { exactJson as exact, numOr0, str } from '../shapes/cells.ts';
import { exactInt } from '../kit/schemas.ts';
import type { Cell, Row } from '../../duckdb/duck.ts';
import { keyedTransaction, keyRows } from '../shapes/keyed-transaction.ts';

const MAX_LIMIT = 50;
const DEFAULT_LIMIT = 20;
/** address_transactions rows read for a contract's newest calls: pages of this many, at most PAGES of them. */
const PAGE = 200;
const PAGES = 5;

const LIST_FIELDS = ['owner_address', 'block', 'hash', 'date_created', 'contract_address', 'token_id', 'token_value', 'call_value', 'data', 'confirmed', 'method', 'parameter', 'day'] as const;

const params = z.object({
  contractAddress: address().optional().meta({ description: 'Contract address: its calls (its newest when no hashList).' }),
  hashList: z.array(z.string().trim().regex(/^(0x)?[0-9a-fA-F]{64}$/, 'must be transaction ids (64 hex)').transform((h) => h.replace(/^0x/, '').toLowerCase()))
    .max(MAX_LIMIT).optional().meta({ description: `Transaction ids (64 hex), at most ${MAX_LIMIT}.` }),
  term: z.union([z.string().trim().max(100), z.number().int().nonnegative()]).optional()
    .meta({ description: 'A block number (the calls of that block) or an event name (its events only).' }),
  fields: z.string().max(500).optional().refine((f) => f === undefined || f.split(',').map((x) => x.trim()).filter(Boolean).every((x) => (LIST_FIELDS as readonly string[]).includes(x)), { message: `must be comma-separated names among ${LIST_FIELDS.join(', ')}` })
    .meta({ description: `Comma-separated fields of list[] items to return (all when omitted): ${LIST_FIELDS.join(', ')}.` }),
  limit: z.number().int().min(0).optional().transform((n) => Math.min(n ?? DEFAULT_LIMIT, MAX_LIMIT)).meta({ description: `Calls to read (default ${DEFAULT_LIMIT}, at most ${MAX_LIMIT}: larger is clamped).` }),
});
type Params = z.output<typeof params>;

const QUERIES = {
  locate: 'contract/triggers-locate',
  transactions: 'contract/triggers-transactions',
  logs: 'contract/triggers-logs',
  code: 'contract/triggers-code',
  blockDays: 'common/block_days',
} as const;

interface Call {
  block_number: Cell;
  timestamp: Cell;
  tx_hash: Cell;
  owner_address: Cell;
  contract_address: Cell;
  amount: Cell;
  token_id: Cell;
  call_data: Cell;
}

const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
const blockTerm = (t: Params['term']): number | null => (typeof t === 'number' ? t : t !== undefined && /^\d{1,15}$/.test(t) ? Number(t) : null);

/** Binds of a statement over the days and blocks of `rows` (each with block_number and timestamp). */
function spanOf(rows: readonly { block_number: Cell; timestamp: Cell }[]) {
  const blocks = rows.map((r) => numOr0(r.block_number));
  const times = rows.map((r) => numOr0(r.timestamp));
  return { start_day: dayOf(Math.min(...times)), end_day: dayOf(Math.max(...times)), min_block: Math.min(...blocks), max_block: Math.max(...blocks) };
}

/**
 * `rows` grouped by UTC day: a statement per day reads that day's file only, where one statement over the span of
 * the rows' days read every day file between (hashes 90 days apart: 0.9 s instead of ~16 ms a day).
 */
function byDay<R extends { block_number: Cell; timestamp: Cell }>(rows: readonly R[]): R[][] {
  const days = new Map<string, R[]>();
  for (const r of rows) {
    const d = dayOf(numOr0(r.timestamp));
    days.set(d, [...(days.get(d) ?? []), r]);
  }
  return [...days.values()];
}

const newestFirst = (a: Call & { tx_index?: Cell }, b: Call & { tx_index?: Cell }): number =>
  numOr0(b.block_number) - numOr0(a.block_number) || numOr0(b.tx_index) - numOr0(a.tx_index);

/**
 * The calls of a hashList or a block term from key files (issue 32: no statement): each id's transactions_by_block
 * row (shapes/keyed-transaction.ts), or the block's rows; undefined when a dataset has no key files (the statements
 * answer), or for a body naming neither.
 */
function keyedCalls(p: Params, ctx: EndpointContext): Call[] | undefined {
  const contract = p.contractAddress ?? null;
  const block = blockTerm(p.term);
  let rows: Row[];
  if (p.hashList?.length) {
    rows = [];
    for (const h of new Set(p.hashList)) {
      const t = keyedTransaction(h, ctx);
      if (t === undefined) return undefined;
      if (t) rows.push(t);
    }
  } else if (block !== null) {
    const inBlock = keyRows(ctx, 'transactions_by_block', block);
    if (!inBlock) return undefined;
    rows = inBlock;
  } else return undefined;
  const calls = rows.filter((t) => Number(t.contract_type) === 31 && (contract === null || t.contract_address === contract) && (block === null || numOr0(t.block_number) === block));
  return (calls as unknown as Call[]).sort(newestFirst).slice(0, p.limit);
}

/** The logs of `calls` from logs_by_block's key files, in chain order; undefined without them. */
function keyedLogs(calls: readonly Call[], ctx: EndpointContext): Row[] | undefined {
  const hashes = new Set(calls.map((c) => str(c.tx_hash)));
  const out: Row[] = [];
  for (const block of new Set(calls.map((c) => numOr0(c.block_number)))) {
    const got = keyRows(ctx, 'logs_by_block', block);
    if (!got) return undefined;
    for (const l of got) if (hashes.has(str(l.tx_hash))) out.push(l);
  }
  return out;
}

/** The calls the body names, newest first, at most `limit`. */
async function callsOf(p: Params, ctx: EndpointContext): Promise<Call[]> {
  const keyed = keyedCalls(p, ctx);
  if (keyed) return keyed;
  const contract = p.contractAddress ?? null;
  const block = blockTerm(p.term);
  if (p.hashList?.length) {
    const where = await ctx.typedRows(QUERIES.locate, { hashes: p.hashList });
    const inBlock = block === null ? where : where.filter((w) => numOr0(w.block_number) === block);
    if (!inBlock.length) return [];
    const perDay = await Promise.all(byDay(inBlock).map((g) => ctx.typedRows(QUERIES.transactions, Object.assign({}, spanOf(g), { hashes: p.hashList!, contract }))));
    return perDay.flat().sort(newestFirst).slice(0, p.limit);
  }
  if (block !== null) {
    // The block's day from the version's day spans (read once per version), then that day's file only.
    const day = (await ctx.versionRows(QUERIES.blockDays, {})).find((d) => numOr0(d.first_block) <= block && block <= numOr0(d.last_block));
    if (!day?.day) return [];
    return (await ctx.typedRows(QUERIES.transactions, { start_day: str(day.day), end_day: str(day.day), min_block: block, max_block: block, hashes: null, contract })).slice(0, p.limit);
  }
  if (!contract) return [];
  // The contract's newest calls: its rows of address_transactions (newest first), the calls to it kept.
  const out: Call[] = [];
  for (let page = 0; page < PAGES && out.length < p.limit; page++) {
    const got = ctx.keyedPage('address_transactions', contract, { from: null, to: null, desc: true, offset: page * PAGE, limit: PAGE });
    if (!got) break;
    for (const r of got.rows) if (Number(r.contract_type) === 31 && r.contract_address === contract && out.length < p.limit) out.push(r as unknown as Call);
    if (got.rows.length < PAGE) break;
  }
  return out;
}

export default defineEndpoint({
  path: '/api/contracts/smart-contract-triggers-batch',
  method: 'POST',
  summary: 'Contract calls by transaction ids, contract or block, with their event logs decoded by the contract ABI.',
  params,
  queries: QUERIES,
  response: z.object({
    event_list: z.array(z.object({
      block_number: exactInt, block_timestamp: exactInt, caller_contract_address: z.string(), contract_address: z.string(),
      event_index: z.number().int(), event_name: z.string(), event: z.string(),
      result: z.record(z.string(), z.string()), result_type: z.record(z.string(), z.string()),
      result_with_topic: z.object({
        index: z.array(z.object({ param: z.string(), value: z.string() })),
        topic: z.string(),
        dataInArr: z.array(z.object({ param: z.string(), value: z.string() })),
      }),
      transaction_id: z.string(),
    })),
    list: z.array(z.looseObject({})),
  }),
  async handle(p, ctx) {
    const calls = await callsOf(p, ctx);
    if (!calls.length) return { event_list: [], list: [] };
    // In chain order, as the statement orders each day's.
    const logs = (keyedLogs(calls, ctx) ?? (await Promise.all(byDay(calls).map((g) => ctx.typedRows(QUERIES.logs, Object.assign({}, spanOf(g), { hashes: g.map((c) => str(c.tx_hash)) })))))
      .flat())
      .sort((a, b) => numOr0(a.block_number) - numOr0(b.block_number) || (str(a.tx_hash) < str(b.tx_hash) ? -1 : str(a.tx_hash) > str(b.tx_hash) ? 1 : 0) || numOr0(a.log_index) - numOr0(b.log_index));
    const contracts = [...new Set([...calls.map((c) => str(c.contract_address)), ...logs.map((l) => str(l.contract_address))])];
    const abis = new Map((await ctx.typedRows(QUERIES.code, { addresses: contracts })).map((r) => [str(r.contract_address), parseAbi(r.abi_json)]));
    const events = new Map([...abis].map(([a, abi]) => [a, eventsByTopic(abi)]));
    const functions = new Map([...abis].map(([a, abi]) => [a, functionsBySelector(abi)]));
    const callee = new Map(calls.map((c) => [str(c.tx_hash), str(c.contract_address)]));
    const eventName = typeof p.term === 'string' && blockTerm(p.term) === null && p.term !== '' ? p.term : null;

    const eventList = [];
    for (const l of logs) {
      const topic0 = str(l.topic0);
      const entry: AbiItem | undefined = events.get(str(l.contract_address))?.get(topic0);
      if (!entry || (eventName !== null && entry.name !== eventName)) continue;
      const topics = [l.topic1, l.topic2, l.topic3].filter((t) => t !== null && t !== undefined).map(str);
      const d = decodeEvent(entry, topics, str(l.data));
      if (!d) continue;
      eventList.push({
        block_number: exact(l.block_number),
        block_timestamp: exact(l.timestamp),
        caller_contract_address: callee.get(str(l.tx_hash)) ?? '',
        contract_address: str(l.contract_address),
        event_index: numOr0(l.log_index),
        event_name: d.name,
        event: d.signature,
        result: d.result,
        result_type: d.resultType,
        result_with_topic: { index: d.index, topic: topic0, dataInArr: d.dataInArr },
        transaction_id: str(l.tx_hash),
      });
    }
    const emitted = new Set(eventList.map((e) => e.transaction_id));
    const keep = p.fields ? new Set(p.fields.split(',').map((f) => f.trim()).filter(Boolean)) : null;
    const list = calls
      .filter((c) => eventName === null || emitted.has(str(c.tx_hash)))
      .map((c) => {
        const data = str(c.call_data);
        const fn = functions.get(str(c.contract_address))?.get(data.slice(0, 8));
        const args = fn ? decodeCall(fn, data) : null;
        const tokenId = c.token_id === null || c.token_id === undefined || c.token_id === '_' ? null : str(c.token_id);
        const item: Record<string, unknown> = {
          owner_address: str(c.owner_address),
          block: exact(c.block_number),
          hash: str(c.tx_hash),
          date_created: exact(c.timestamp),
          contract_address: str(c.contract_address),
          token_id: tokenId ? Number(tokenId) : 0,
          token_value: tokenId ? exact(c.amount) : 0,
          call_value: tokenId ? 0 : exact(c.amount),
          data,
          confirmed: numOr0(c.block_number) <= ctx.manifest.solidBlock,
          method: fn ? methodSignature(fn) : '',
          parameter: JSON.stringify(args ?? {}),
          day: dayOf(numOr0(c.timestamp)),
        };
        return keep ? Object.fromEntries(Object.entries(item).filter(([k]) => keep.has(k))) : item;
      });
    return { event_list: eventList, list };
  },
});
