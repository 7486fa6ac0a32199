/**
 * GET /api/vote (SPEC §4.3; reference §2 "/api/vote"): the current votes of a candidate (its voters) or of a voter
 * (its candidates), from the newest snapshots, largest first. `timestamp` is the time of the voter's last
 * VoteWitness transaction in the lake (ISO-8601), left out for votes cast before the lake's first block. `sort`
 * (params/sort.ts signed dialect): `-votes` (default, the reference's), `votes`, and by vote time `-timestamp` (the
 * TronScan client's default) / `timestamp`, a vote without a time counting as older than every timed one; ties by
 * voter, then candidate, ascending; an unknown key falls back to the default (ARCHITECTURE §5.3). `count` is
 * accepted; `total` is always given. contractInfo only on candidate queries (reference), from the contracts table.
 */
import { z } from 'zod';
import { defineEndpoint } from '../kit/endpoint.ts';
import { address, pagingFields, signedSort, signedSortClauses, withPage, type PagingOptions, type SortOptions } from '../../params/index.ts';
import { contractInfo, contractMap, count as countSchema, statusWrapped } from '../kit/schemas.ts';

const paging: PagingOptions = { defaultLimit: 10, maxLimit: 50, sumRule: true };
/** Sort keys → columns; a vote cast before the lake has no time and sorts as the oldest (0). */
const SORTS = { votes: 'v.votes', timestamp: 'coalesce(v.vote_ts, 0)' };
const TIES = ['v.voter_address', 'v.candidate_address'];
const TIES_ASC: SortOptions = { tiesAscending: true };

const params = z
  .object({
    candidate: address().optional(),
    voter: address().optional(),
    sort: signedSort(SORTS, '-votes', TIES, TIES_ASC).meta({
      description: 'votes or timestamp (vote time), - prefix = descending (default -votes); an unknown key sorts by the default.',
      override: { type: 'string', enum: ['-votes', 'votes', '-timestamp', 'timestamp'], default: '-votes' },
    }),
    count: z.string().optional().meta({ description: 'Accepted; the total is always answered.' }),
    ...pagingFields(paging),
  })
  .transform(withPage(paging));

const n = (v: unknown): number => Number(v ?? 0);

export default defineEndpoint({
  path: '/api/vote',
  method: 'GET',
  summary: 'Current votes of a candidate (its voters) or of a voter (its candidates), largest first.',
  params,
  response: statusWrapped({
    total: countSchema,
    totalVotes: z.number().int(),
    contractMap,
    contractInfo: contractInfo.optional(),
    data: z.array(z.looseObject({
      timestamp: z.iso.datetime().optional(),
      voterAddress: z.string(),
      candidateAddress: z.string(),
      votes: z.number().int(),
      candidateName: z.string(),
      candidateUrl: z.string(),
      candidateTotalVotes: z.number().int(),
      voterAvailableVotes: z.number().int(),
    })),
  }),
  // One statement per filter, each reading the copy sorted by its key (an `x = $x OR $x IS NULL` filter keeps a
  // prepared statement from pruning row groups: bench/results/account-state.md).
  queries: {
    rows: 'account/vote',
    totals: 'account/vote-totals-all',
    rowsByCandidate: 'account/vote-by-candidate',
    totalsByCandidate: 'account/vote-totals-by-candidate',
    rowsByVoter: 'account/vote-by-voter',
    totalsByVoter: 'account/vote-totals-by-voter',
  },
  orderBys: signedSortClauses(SORTS, TIES, TIES_ASC),
  async handle(p, ctx) {
    const [rowsQ, totalsQ, filters] = p.candidate
      ? (['rowsByCandidate', 'totalsByCandidate', { candidate: p.candidate, voter: p.voter ?? null }] as const)
      : p.voter
        ? (['rowsByVoter', 'totalsByVoter', { voter: p.voter }] as const)
        : (['rows', 'totals', {}] as const);
    const [rows, [totals]] = await Promise.all([
      ctx.rows(rowsQ, { ...filters, lim: p.page.limit, off: p.page.start }, p.sort.orderBy),
      ctx.rows(totalsQ, filters),
    ]);
    // The page is ordered inside the SQL; its joins after the cut do not keep that order, so it is applied again here.
    const dir = p.sort.key.startsWith('-') ? -1 : 1;
    const keyOf = (r: (typeof rows)[number]): number => (p.sort.key.endsWith('timestamp') ? n(r.vote_ts) : n(r.votes));
    const bytes = (x: unknown, y: unknown): number => (String(x) < String(y) ? -1 : String(x) > String(y) ? 1 : 0); // SQL's binary order
    rows.sort((a, b) => dir * (keyOf(a) - keyOf(b)) || bytes(a.voter_address, b.voter_address) || bytes(a.candidate_address, b.candidate_address));
    const addresses = [...new Set(rows.flatMap((r) => [String(r.voter_address), String(r.candidate_address)]))];
    const contracts = await ctx.lookups.contractMap(addresses);
    const data = rows.map((r) => ({
      ...(r.vote_ts === null || r.vote_ts === undefined ? {} : { timestamp: new Date(n(r.vote_ts)).toISOString() }),
      voterAddress: String(r.voter_address),
      candidateAddress: String(r.candidate_address),
      votes: n(r.votes),
      candidateName: String(r.candidate_name ?? ''),
      candidateUrl: String(r.candidate_url ?? ''),
      candidateTotalVotes: n(r.candidate_total_votes),
      voterAvailableVotes: Math.max(0, Math.floor(n(r.tron_power) / 1e6) - n(r.votes_used)),
    }));
    return {
      code: 200,
      status: '1',
      message: 'request ok',
      total: n(totals?.n),
      totalVotes: n(totals?.votes),
      data,
      contractMap: contracts.map,
      ...(p.candidate ? { contractInfo: contracts.info } : {}),
    };
  },
});
