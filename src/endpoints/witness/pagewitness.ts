/**
 * GET /api/pagewitness (SPEC §4.8; reference §4.1): witnesses by type (0 all, 1 SR = rank 1-27, 2 partner = 28-127,
 * 3 candidate), optionally sorted by one of eight fields (an unknown sortField leaves the rank order, as TronScan),
 * with the head block as `lastBlock`. At most a few hundred witnesses exist, so the whole list is one query and the
 * filter, sort and page are applied here; `format=csv` downloads the same filtered, sorted list (kit/exports.ts). Field definitions: docs/compat.md "Witnesses".
 */
import { z } from 'zod';
import { defineEndpoint } from '../kit/endpoint.ts';
import { int, oneOf, pagingFields, type PagingOptions } from '../../params/index.ts';
import { formatField, listCsv, pageOf, withExportPage } from '../kit/exports.ts';
import type { EndpointContext } from '../kit/endpoint.ts';
import { count } from '../kit/schemas.ts';
import { byFigure, share, slotOf, toWitnesses, type Witness } from '../shapes/witness-rows.ts';

const paging: PagingOptions = { defaultLimit: 500, maxLimit: 1000, sumRule: false };

// A Map: sortField is user text, and a plain object answers `valueOf` or `__proto__` with its prototype's (issue 30).
const SORT_FIELDS = new Map<string, (w: Witness) => number | null>([
  ['votes', (w) => w.cycleVotes],
  ['latestBlock', (w) => w.lastBlock],
  ['producedTotal', (w) => w.produced],
  ['missedTotal', (w) => w.missed],
  ['producePercentage', (w) => w.producePercentage],
  ['annualizedRate', (w) => Number(w.annualizedRate)],
  ['brokerage', (w) => w.brokerage],
  ['voterBrokerage', (w) => 100 - w.brokerage],
]);

const params = z
  .object({
    witnesstype: int({ min: 0, max: 3 }).optional()
      .meta({ description: '0 all (default), 1 Super Representatives, 2 Partners, 3 Candidates.', override: { default: 0 } }),
    sort: oneOf(['0', '1'] as const).optional().meta({ description: 'Direction of sortField: 0 ascending (default), 1 descending.', override: { default: '0' } }),
    // Any text: an unknown field means "no sorting" (SPEC §4.8), not an error.
    sortField: z.string().max(64).optional().meta({ description: `Field to sort by: ${[...SORT_FIELDS.keys()].join(', ')}; none, or an unknown one, keeps the ranking order.` }),
    ...pagingFields(paging),
    format: formatField(),
  })
  .transform(withExportPage(paging));

const item = z.looseObject({
  address: z.string(),
  name: z.string(),
  url: z.string(),
  producer: z.boolean(),
  votes: z.number().int(),
  lastCycleVotes: z.number().int(),
  realTimeVotes: z.number().int(),
  changeVotes: z.number().int(),
  votesPercentage: z.number(),
  ranking: z.number().int(),
  index: z.number().int(),
  witnessType: z.number().int(),
  latestBlockNumber: z.number().int(),
  latestSlotNumber: z.number().int(),
  producedTotal: z.number().int().nullable(),
  missedTotal: z.number().int().nullable(),
  producedTrx: z.number().int().nullable(),
  producePercentage: z.number().nullable(),
  brokerage: z.number().int(),
  voterBrokerage: z.number().int(),
  annualizedRate: z.string(),
  version: z.number().int().nullable(),
  changedBrokerage: z.boolean(),
  lowestBrokerage: z.number().int(),
});

const lastBlock = z.looseObject({
  hash: z.string(),
  confirmed: z.boolean(),
  number: z.number().int(),
  size: z.number().int(),
  timestamp: z.number().int(),
  parentHash: z.string(),
  witnessAddress: z.string(),
  nrOfTrx: z.number().int(),
  txTrieRoot: z.string(),
  witnessId: z.number().int(),
});

type Params = z.output<typeof params>;

/**
 * The witnesses of the request, filtered by type and sorted (both the JSON page and the download read it), and the
 * item mapper (shares of the whole list's votes).
 */
async function witnessList(p: Params, ctx: EndpointContext) {
  const all = toWitnesses(await ctx.versionRows(QUERIES.witnesses, {}));
  const totalVotes = all.reduce((a, w) => a + w.cycleVotes, 0);
  let list = p.witnesstype ? all.filter((w) => w.witnessType === p.witnesstype) : all;
  const key = p.sortField === undefined ? undefined : SORT_FIELDS.get(p.sortField);
  if (key) {
    // Unknown lifetime counts (null) last in both directions, ties by rank (docs/compat.md "Whole-chain figures").
    list = [...list].sort(byFigure(key, p.sort === '1' ? -1 : 1));
  }
  const item = (w: Witness) => ({
    address: w.address,
    name: w.name,
    url: w.url,
    producer: w.witnessType === 1,
    votes: w.cycleVotes,
    lastCycleVotes: w.cycleVotes,
    realTimeVotes: w.realtimeVotes,
    changeVotes: w.realtimeVotes - w.cycleVotes,
    votesPercentage: share(w.cycleVotes, totalVotes),
    ranking: w.rank,
    index: w.rank,
    witnessType: w.witnessType,
    latestBlockNumber: w.lastBlock,
    latestSlotNumber: slotOf(w.lastBlockTs),
    producedTotal: w.produced,
    missedTotal: w.missed,
    producedTrx: w.producedTrx,
    producePercentage: w.producePercentage,
    brokerage: w.brokerage,
    voterBrokerage: 100 - w.brokerage,
    annualizedRate: w.annualizedRate,
    version: w.version,
    changedBrokerage: w.brokerageChanges > 0,
    lowestBrokerage: w.lowestBrokerage,
  });
  return { all, list, item };
}

const QUERIES = { witnesses: 'witness/witnesses', head: 'witness/head-block' } as const;

export default defineEndpoint({
  path: '/api/pagewitness',
  method: 'GET',
  summary: 'Witnesses (Super Representatives, partners, candidates) with votes, production, brokerage and voter APR.',
  params,
  response: z.looseObject({ total: count, data: z.array(item), lastBlock: lastBlock.nullable() }),
  queries: QUERIES,
  csv: listCsv<z.output<typeof params>>('/api/pagewitness', Object.keys(item.shape), async (p, ctx) => {
    const { list, item: toItem } = await witnessList(p, ctx);
    return { items: pageOf(list, p.page).map(toItem) };
  }),
  async handle(p, ctx) {
    const [{ all, list, item: toItem }, [head]] = await Promise.all([witnessList(p, ctx), ctx.versionRows(QUERIES.head, {})]);
    const srIndex = new Map(all.filter((w) => w.witnessType === 1).map((w, i) => [w.address, i + 1]));
    return {
      total: list.length,
      data: pageOf(list, p.page).map(toItem),
      lastBlock: head
        ? {
            hash: String(head.block_hash),
            confirmed: Number(head.block_number) <= ctx.manifest.solidBlock,
            number: Number(head.block_number),
            size: Number(head.size_bytes),
            timestamp: Number(head.timestamp),
            parentHash: String(head.parent_hash),
            witnessAddress: String(head.witness_address),
            nrOfTrx: Number(head.tx_count),
            txTrieRoot: String(head.tx_trie_root),
            witnessId: srIndex.get(String(head.witness_address)) ?? 0,
          }
        : null,
    };
  },
});
