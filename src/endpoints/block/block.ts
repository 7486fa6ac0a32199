/**
 * GET /api/block (SPEC §4.9; shape: reference §5.1). `number` returns that single block (as data[0]) and
 * ignores the time window; `sort` accepts only number / -number.
 */
import { z } from 'zod';
import { defineEndpoint } from '../../http/endpoint.ts';
import { pagedList, sunToTrx } from '../../http/envelopes.ts';
import { address, int, pagingFields, signedSort, signedSortClauses, timeWindowFields, checkTimeWindow, withPage, type PagingOptions } from '../../params/index.ts';
import { BLOCK_REWARD_TRX, VOTE_REWARD_TRX } from '../../chain/economics.ts';
import { lakeBounds, pageByTimeWindows } from '../../http/time-window.ts';

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
  queries: { rows: 'block/block', total: 'block/block.total', wholeChain: 'common/whole_chain_tx_count', blockDay: 'common/block_day' },
  orderBys: signedSortClauses(sorts),
  async handle(p, ctx) {
    const from = p.start_timestamp ?? 0;
    const to = p.end_timestamp ?? ctx.now;
    const filter = { number: p.number ?? null, producer: p.producer ?? null };
    const page = { lim: p.page.limit, off: p.page.start };
    // Block number and time grow together, so a page is searched in windows at the sorted end (http/time-window.ts).
    // A number names one block: find its day partition first (a small rollup) so only that day's files are read.
    const day = p.number !== undefined ? String((await ctx.rows('blockDay', { number: p.number }))[0]?.day ?? '') : undefined;
    // An unknown number has no day: bind an impossible day so nothing is read.
    const bounds = day !== undefined ? { start_day: day || '0000', end_day: day || '0000', start_ts: null, end_ts: null } : lakeBounds(from, to, ctx.manifest);
    const rowsQ =
      p.number !== undefined
        ? ctx.rows('rows', { ...filter, ...bounds, ...page }, p.sort.orderBy)
        : pageByTimeWindows(
            (b) => ctx.rows('rows', { ...filter, ...b, ...page }, p.sort.orderBy),
            { from, to, desc: p.sort.key.startsWith('-'), limit: p.page.limit },
            ctx.manifest,
          );
    const [rows, total, whole] = await Promise.all([
      rowsQ,
      ctx.rows('total', { ...filter, ...bounds }),
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
