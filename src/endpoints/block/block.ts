/**
 * GET /api/block (SPEC §4.9; shape: reference §5.1). `number` returns that single block (as data[0]) and
 * ignores the time window; `sort` accepts only number / -number.
 */
import { z } from 'zod';
import { defineEndpoint } from '../../http/endpoint.ts';
import { pagedList, sunToTrx } from '../../http/envelopes.ts';
import { address, int, pagingFields, signedSort, signedSortClauses, timeWindowFields, checkTimeWindow, withPage, type PagingOptions } from '../../params/index.ts';
import { BLOCK_REWARD_TRX, VOTE_REWARD_TRX } from '../../chain/economics.ts';

const paging: PagingOptions = { defaultLimit: 10, maxLimit: 50, sumRule: true };
const sorts = { number: 'b.block_number' };

const params = z
  .object({
    ...pagingFields(paging),
    ...timeWindowFields(),
    number: int({ min: 0 }).optional(),
    producer: address().optional(),
    sort: signedSort(sorts, '-number'),
  })
  .superRefine(checkTimeWindow)
  .transform(withPage(paging));

export default defineEndpoint({
  path: '/api/block',
  method: 'GET',
  summary: 'Blocks, newest first; one block by number; filter by producer and time window.',
  params,
  queries: { rows: 'block/block', total: 'block/block.total', wholeChain: 'common/whole_chain_tx_count' },
  orderBys: signedSortClauses(sorts),
  async handle(p, ctx) {
    const filter = {
      number: p.number ?? null,
      producer: p.producer ?? null,
      start_ts: p.start_timestamp ?? 0,
      end_ts: p.end_timestamp ?? ctx.now,
    };
    const [rows, total, whole] = await Promise.all([
      ctx.rows('rows', { ...filter, lim: p.page.limit, off: p.page.start }, p.sort.orderBy),
      ctx.rows('total', filter),
      ctx.rows('wholeChain', {}),
    ]);
    const data = rows.map((r) => ({
      number: r.block_number,
      hash: r.block_hash,
      parentHash: r.parent_hash,
      timestamp: r.timestamp,
      size: r.size_bytes,
      nrOfTrx: r.tx_count,
      txTrieRoot: r.tx_trie_root,
      witnessId: r.witness_rank ?? 0,
      witnessAddress: r.witness_address,
      witnessName: r.witness_name ?? '',
      version: String(r.version),
      fee: sunToTrx(Number(r.fee)),
      netUsage: r.net_usage,
      energyUsage: r.energy_usage,
      blockReward: BLOCK_REWARD_TRX,
      voteReward: VOTE_REWARD_TRX,
      confirmed: r.confirmed,
      confirmations: r.confirmations,
      revert: false,
    }));
    return { ...pagedList('data', data, Number(total[0]?.n ?? 0)), wholeChainTxCount: whole[0]?.n ?? 0 };
  },
});
