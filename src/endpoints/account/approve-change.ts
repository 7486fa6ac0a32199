/**
 * GET /api/account/approve/change (SPEC §4.3; reference "approve/change"): the history of one allowance, token
 * `contract_address`, owner `from_address`, spender `to_address`, newest first: `type=approve` (default) its
 * approvals (amount_str the approved amount, 2^256-1 when unlimited), `type=transfer` the TRC20 transfers that spent
 * it (amount_str the amount moved; who spent it is our rule, docs/compat.md "Security and approvals"). Read from the
 * owner's range files of allowance_events. `owner_address` is the approver, `from_address` the transaction's signer.
 */
import { z } from 'zod';
import { defineEndpoint } from '../kit/endpoint.ts';
import { address, oneOf, pagingFields, type PagingOptions } from '../../params/index.ts';
import { csvStatement, formatField, listCsv, withExportPage } from '../kit/exports.ts';
import type { TokenInfo } from '../kit/lookups.ts';
import type { SqlRows } from '../kit/sql-types.generated.ts';
import { contractInfo, contractMap, count, tokenInfoOrEmpty } from '../kit/schemas.ts';
import { numOr0 as n, str } from '../shapes/cells.ts';

const paging: PagingOptions = { defaultLimit: 10, maxLimit: 50, sumRule: false };
const QUERIES = { events: 'account/approve-change' } as const;

const params = z
  .object({
    contract_address: address(),
    from_address: address(),
    to_address: address(),
    type: oneOf(['approve', 'transfer']).optional().meta({
      description: 'approve (default): the approvals; transfer: the transfers that spent the allowance.',
      override: { type: 'string', enum: ['approve', 'transfer'], default: 'approve' },
    }),
    ...pagingFields(paging),
    format: formatField(),
  })
  .transform(withExportPage(paging));

type Params = z.output<typeof params>;
const bindsOf = (p: Params, lim: number | null, off: number) =>
  ({ address: p.from_address, contract: p.contract_address, spender: p.to_address, type: p.type ?? 'approve', lim, off });

/**
 * One history row as the reference's item (tokenInfo `{}` for a token the tokens table does not know); `tags`: the
 * owner's and the spender's public tags (every row has the request's two addresses), left out of the download.
 */
const item = (r: SqlRows['account/approve-change'], info: TokenInfo | Record<string, never>, tags: Map<string, string> = new Map()) => ({
  hash: str(r.tx_hash),
  block: n(r.block_number),
  date_created: n(r.timestamp),
  owner_address: str(r.owner_address),
  from_address: str(r.initiator_address),
  to_address: str(r.spender_address),
  contract_address: str(r.contract_address),
  ...(tags.get(str(r.owner_address)) ? { fromAddressTag: tags.get(str(r.owner_address))! } : {}),
  ...(tags.get(str(r.spender_address)) ? { toAddressTag: tags.get(str(r.spender_address))! } : {}),
  type: str(r.type) as 'approve' | 'transfer',
  amount_str: str(r.amount_raw),
  unlimited: r.unlimited === true,
  confirmed: r.confirmed === true,
  revert: str(r.contract_ret) !== 'SUCCESS',
  contract_ret: str(r.contract_ret),
  tokenInfo: info,
});
const FIELDS = ['hash', 'block', 'date_created', 'owner_address', 'from_address', 'to_address', 'contract_address', 'type', 'amount_str', 'unlimited', 'confirmed', 'revert', 'contract_ret', 'tokenInfo'];

export default defineEndpoint({
  path: '/api/account/approve/change',
  method: 'GET',
  summary: 'Approvals of one allowance (token, owner, spender), or the transfers that spent it.',
  params,
  response: z.looseObject({
    total: count,
    rangeTotal: count,
    contractMap,
    contractInfo,
    data: z.array(z.looseObject({
      hash: z.string(),
      block: z.number().int(),
      date_created: z.number().int(),
      owner_address: z.string(),
      from_address: z.string(),
      to_address: z.string(),
      contract_address: z.string(),
      fromAddressTag: z.string().optional(),
      toAddressTag: z.string().optional(),
      type: z.enum(['approve', 'transfer']),
      amount_str: z.string().regex(/^\d+$/),
      unlimited: z.boolean(),
      confirmed: z.boolean(),
      revert: z.boolean(),
      contract_ret: z.string(),
      tokenInfo: tokenInfoOrEmpty,
    })),
  }),
  queries: QUERIES,
  csv: listCsv<Params>('/api/account/approve/change', FIELDS, async (p, ctx) => {
    const info = (await ctx.lookups.tokenInfo([p.contract_address])).get(p.contract_address) ?? {};
    return csvStatement('account/approve-change', bindsOf(p, p.page.limit, p.page.start), (r) => item(r, info));
  }),
  async handle(p, ctx) {
    const rows = await ctx.typedRows(QUERIES.events, bindsOf(p, p.page.limit ?? 0, p.page.start));
    // The count rides on the page; an empty page (limit=0, or start past the end) asks the first row's.
    const total = rows.length > 0 ? n(rows[0]?.n_rows) : n((await ctx.typedRows(QUERIES.events, bindsOf(p, 1, 0)))[0]?.n_rows);
    const [infos, contracts, tags] = await Promise.all([
      ctx.lookups.tokenInfo([p.contract_address]),
      ctx.lookups.contractMap([p.from_address, p.to_address, p.contract_address]),
      ctx.lookups.addressTags([p.from_address, p.to_address]),
    ]);
    const info = infos.get(p.contract_address) ?? {};
    return {
      total: Math.min(total, 10_000),
      rangeTotal: total,
      contractMap: contracts.map,
      contractInfo: contracts.info,
      data: rows.map((r) => item(r, info, tags)),
    };
  },
});
