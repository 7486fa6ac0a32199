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
import { address, pagingFields, signedSort, signedSortClauses, type PagingOptions, type SortOptions } from '../../params/index.ts';
import { formatField, listCsv, withExportPage } from '../kit/exports.ts';
import { numOr0 as n, str, type ColumnsOrRow } from '../shapes/cells.ts';
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
    format: formatField(),
  })
  .transform(withExportPage(paging));

// One statement per filter, each reading the copy sorted by its key (an `x = $x OR $x IS NULL` filter keeps a
// prepared statement from pruning row groups: bench/results/account-state.md).
const QUERIES = {
  rows: 'account/vote',
  totals: 'account/vote-totals-all',
  rowsByCandidate: 'account/vote-by-candidate',
  totalsByCandidate: 'account/vote-totals-by-candidate',
  rowsByVoter: 'account/vote-by-voter',
  totalsByVoter: 'account/vote-totals-by-voter',
} as const;

/** The rows and totals statements of the request's filter, and their binds: the JSON page and the download share them. */
type Statement =
  | { rows: 'rowsByCandidate'; totals: 'totalsByCandidate'; filters: { candidate: string; voter: string | null } }
  | { rows: 'rowsByVoter'; totals: 'totalsByVoter'; filters: { voter: string } }
  | { rows: 'rows'; totals: 'totals'; filters: Record<string, never> };
function statementOf(p: z.output<typeof params>): Statement {
  if (p.candidate) return { rows: 'rowsByCandidate', totals: 'totalsByCandidate', filters: { candidate: p.candidate, voter: p.voter ?? null } };
  if (p.voter) return { rows: 'rowsByVoter', totals: 'totalsByVoter', filters: { voter: p.voter } };
  return { rows: 'rows', totals: 'totals', filters: {} };
}

/** A vote row as the reference's item; the statement gives the rows in the requested order (its final ORDER BY). */
const item = (r: ColumnsOrRow<'vote_ts' | 'voter_address' | 'candidate_address' | 'votes' | 'candidate_name' | 'candidate_url' | 'candidate_total_votes' | 'tron_power' | 'votes_used'>) => Object.assign({}, r.vote_ts === null || r.vote_ts === undefined ? {} : { timestamp: new Date(n(r.vote_ts)).toISOString() }, {
  voterAddress: String(r.voter_address),
  candidateAddress: String(r.candidate_address),
  votes: n(r.votes),
  candidateName: str(r.candidate_name),
  candidateUrl: str(r.candidate_url),
  candidateTotalVotes: n(r.candidate_total_votes),
  voterAvailableVotes: Math.max(0, Math.floor(n(r.tron_power) / 1e6) - n(r.votes_used)),
});

/** Download columns: the item's fields (`timestamp` empty for a vote cast before the lake). */
const FIELDS = ['timestamp', 'voterAddress', 'candidateAddress', 'votes', 'candidateName', 'candidateUrl', 'candidateTotalVotes', 'voterAvailableVotes'];

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
  queries: QUERIES,
  orderBys: signedSortClauses(SORTS, TIES, TIES_ASC),
  csv: listCsv<z.output<typeof params>>('/api/vote', FIELDS, async (p) => {
    const { rows, filters } = statementOf(p);
    return { query: QUERIES[rows], binds: Object.assign({}, filters, { lim: p.page.limit, off: p.page.start }), orderBy: p.sort.orderBy, item };
  }),
  async handle(p, ctx) {
    const { rows: rowsQ, totals: totalsQ, filters } = statementOf(p);
    const limit = p.page.limit ?? 0; // only a download has no page, and it does not come here
    const [rows, [totals]] = await Promise.all([
      ctx.typedRows(QUERIES[rowsQ], Object.assign({}, filters, { lim: limit, off: p.page.start }), p.sort.orderBy),
      ctx.typedRows(QUERIES[totalsQ], filters),
    ]);
    const addresses = [...new Set(rows.flatMap((r) => [String(r.voter_address), String(r.candidate_address)]))];
    const contracts = await ctx.lookups.contractMap(addresses);
    const data = rows.map(item);
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
