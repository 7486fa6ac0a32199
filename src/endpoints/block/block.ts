/**
 * GET /api/block (SPEC §4.9; shape: reference §5.1). `number`, or `hash` (the block id, as TronScan clients send it),
 * returns that single block (as data[0]) and ignores the time window; `sort` accepts only number / -number.
 */
import { address, hash, int } from '../../params/index.ts';
import { BLOCK_REWARD_TRX, VOTE_REWARD_TRX } from '../../chain/economics.ts';
import { defineList } from '../kit/list.ts';
import { blocks } from '../../lake/datasets/raw.ts';
import type { RowOf } from '../../lake/datasets/types.ts';
import { pagedList, sunToTrx } from '../kit/envelopes.ts';
import { exactInt, shape } from '../kit/schemas.ts';
import { z } from 'zod';
import { withFields } from '../shapes/cells.ts';

export default defineList({
  path: '/api/block',
  summary: 'Blocks, newest first; one block by number; filter by producer and time window.',
  params: {
    number: int({ min: 0 }).optional(),
    producer: address().optional(),
    hash: hash().optional(),
  },
  paging: { defaultLimit: 10, maxLimit: 50, sumRule: true },
  // Block number and time grow together: a page is searched in windows at the sorted end.
  sort: { columns: { number: 'b.block_number' }, default: '-number' },
  timeWindow: true,
  // A JSON page reads a variant without the witnesses join (names from the per-version map); a download reads `rows`,
  // whose own columns (witness name and rank joined) are the CSV's.
  sql: { rows: 'block/block', variants: { number: 'block/block.number', page: 'block/block.page' }, also: { wholeChain: 'common/whole_chain_tx_count' }, extra: { producerCounts: 'common/producer_block_counts' } },
  filters: (p) => ({ block: p.number ?? null, producer: p.producer ?? null, hash: p.hash ?? null }),
  // A number is a plain lookup on the sorted key, without ORDER BY … LIMIT (issue 32).
  variant: (p) => (p.number !== undefined ? 'number' : 'page'),
  block: (p) => p.number,
  // A block by number and the pages of every block (number order is time order) from the key files, without a
  // statement; a producer is kept from their rows; a block id is a filter they do not hold: SQL.
  keyed: {
    of: (p) => {
      if (p.hash !== undefined) return null;
      if (p.producer === undefined) return { dataset: 'blocks_by_number', key: p.number };
      // A producer's blocks kept from every block's rows, newest first (one in ~27 blocks); the total its stored
      // count (whole lake), or the rows read when the scan reached the end.
      const whole = p.number === undefined && p.start_timestamp === undefined && p.end_timestamp === undefined;
      return {
        dataset: 'blocks_by_number',
        key: p.number,
        keep: (r) => r.witness_address === p.producer,
        total: (q) => (whole ? q.version('producerCounts').then((rows) => Number(rows.find((r) => r.witness_address === p.producer)?.n ?? 0)) : undefined),
      };
    },
    row: (raw, chain) => {
      const r = raw as RowOf<typeof blocks>;
      const n = Number(r.block_number);
      return withFields(r, { confirmed: n <= chain.solidBlock, confirmations: chain.headBlock - n });
    },
  },
  // A producer's blocks over the whole lake: its stored count (the daily block rollup, per version), not a scan.
  total: (p, f, q) =>
    p.producer !== undefined && f.block === null && f.hash === null && f.start_ts === null && f.end_ts === null
      ? q.version('producerCounts').then((rows) => Number(rows.find((r) => r.witness_address === p.producer)?.n ?? 0))
      : undefined,
  ignoreTimeWindow: (p) => p.number !== undefined || p.hash !== undefined,
  unique: (p) => p.number !== undefined || p.hash !== undefined,
  lookups: { witnesses: (r) => [r.witness_address] },
  row: (r, { lookups }) => {
    const w = r.witness_address === null ? undefined : lookups.witnesses.get(r.witness_address);
    return {
    number: r.block_number,
    hash: r.block_hash,
    parentHash: r.parent_hash,
    timestamp: r.timestamp,
    size: r.size_bytes,
    nrOfTrx: r.tx_count,
    txTrieRoot: r.tx_trie_root,
    witnessId: w?.rank ?? 0,
    witnessAddress: r.witness_address,
    witnessName: w?.name ?? '',
    version: String(r.version),
    fee: sunToTrx(Number(r.fee)),
    netUsage: r.net_usage,
    energyUsage: r.energy_usage,
    blockReward: BLOCK_REWARD_TRX,
    voteReward: VOTE_REWARD_TRX,
    confirmed: r.confirmed,
    confirmations: r.confirmations,
    revert: false,
    };
  },
  envelope: (items, x) => pagedList('data', items, x.rangeTotal, { wholeChainTxCount: x.also.wholeChain?.[0]?.n ?? null }),
  item: shape({
    number: exactInt,
    hash: z.string(),
    parentHash: z.string(),
    timestamp: exactInt,
    size: exactInt,
    nrOfTrx: exactInt,
    txTrieRoot: z.string(),
    witnessId: z.number().int(),
    witnessAddress: z.string(),
    witnessName: z.string(),
    version: z.string(),
    fee: z.number(),
    netUsage: exactInt,
    energyUsage: exactInt,
    blockReward: z.number(),
    voteReward: z.number(),
    confirmed: z.boolean(),
    confirmations: exactInt,
    revert: z.literal(false),
  }),
  envelopeFields: { wholeChainTxCount: exactInt.nullable() },
  csv: { filename: 'blocks.csv' },
});
