/**
 * GET /api/account/approve/list (SPEC §4.3, §2.3; reference "approve/list"): the current approvals of an owner, from
 * current_approvals (the newest approval of each token, spender and token id; revoked ones left out). `type=project`
 * (default) orders by the spender's project (known projects first, by name; then newest first), `type=token` by token
 * (then newest first); the record is the same. `transfer=mobile` with `relatedId` keeps one project (its registry
 * key) or one token (its contract). One owner's rows are read and paged here: an owner has few current approvals.
 * `normalAddressInfo` (left out when `data` is empty): each non-contract address, `risk` when a risk list names it
 * (risk_addresses), `publicTag` its label or ''.
 */
import { z } from 'zod';
import { defineEndpoint, type EndpointContext } from '../kit/endpoint.ts';
import { address, oneOf, pagingFields, text, type PagingOptions } from '../../params/index.ts';
import { formatField, listCsv, pageOf, withExportPage } from '../kit/exports.ts';
import { contractInfo, contractMap, count } from '../kit/schemas.ts';
import { str } from '../shapes/cells.ts';
import { APPROVALS_QUERY, approvalItem, approvalItemSchema, approvalTokenInfos, withReferences } from '../shapes/approval-shape.ts';

const paging: PagingOptions = { defaultLimit: 10, maxLimit: 50, sumRule: false };
const QUERIES = { approvals: APPROVALS_QUERY } as const;

const params = z
  .object({
    address: address(),
    type: oneOf(['project', 'token']).optional().meta({
      description: 'project (default): by the spender\'s project; token: by token. The records are the same.',
      override: { type: 'string', enum: ['project', 'token'], default: 'project' },
    }),
    transfer: text(20).optional().meta({ description: '`mobile`: relatedId filters the list.' }),
    relatedId: text(100).optional().meta({ description: 'With transfer=mobile: the project id (type=project) or token contract (type=token) to keep.' }),
    ...pagingFields(paging),
    format: formatField(),
  })
  .transform(withExportPage(paging));

type Params = z.output<typeof params>;

/** The owner's current approvals, filtered and ordered as asked: the JSON page and the download are cut from them. */
async function approvalsOf(p: Params, ctx: EndpointContext) {
  let rows = await withReferences(p.address, await ctx.typedRows(QUERIES.approvals, { address: p.address }), ctx.lookups);
  const byProject = (p.type ?? 'project') === 'project';
  if (p.transfer?.toLowerCase() === 'mobile' && p.relatedId !== undefined && p.relatedId !== '') {
    const keep = p.relatedId;
    rows = rows.filter((r) => (byProject ? str(r.project) === keep : str(r.contract_address) === keep));
  }
  // Rows come newest first; a stable sort keeps that order inside a project or a token (code-point order: no locale).
  const cmp = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
  return byProject
    ? [...rows].sort((a, b) => Number(a.project === null) - Number(b.project === null) || cmp(str(a.project_name), str(b.project_name)))
    : [...rows].sort((a, b) => cmp(str(a.contract_address), str(b.contract_address)));
}

const FIELDS = ['amount', 'unlimited', 'from_address', 'to_address', 'contract_address', 'tokenInfo', 'project', 'project_id', 'project_sort', 'setApprovalForAll', 'fromAddressTag', 'toAddressTag', 'operate_time'];
const envelope = { total: count, rangeTotal: count, contractMap, contractInfo };

export default defineEndpoint({
  path: '/api/account/approve/list',
  method: 'GET',
  summary: 'Current token approvals of an address (approved amount, spender, token, project).',
  params,
  // normalAddressInfo is there exactly when data is not empty (SPEC §2.3): two shapes.
  response: z.union([
    z.looseObject({ ...envelope, data: z.array(approvalItemSchema).min(1), normalAddressInfo: z.record(z.string(), z.object({ risk: z.boolean(), publicTag: z.string() })) }),
    z.looseObject({ ...envelope, data: z.array(approvalItemSchema).max(0), normalAddressInfo: z.never().optional() }),
  ]),
  queries: QUERIES,
  csv: listCsv<Params>('/api/account/approve/list', FIELDS, async (p, ctx) => {
    const page = pageOf(await approvalsOf(p, ctx), p.page);
    const infos = await approvalTokenInfos(ctx.lookups, page);
    return { items: page.map((r) => approvalItem(p.address, r, infos)) };
  }),
  async handle(p, ctx) {
    const rows = await approvalsOf(p, ctx);
    const page = pageOf(rows, p.page);
    const [infos, contracts] = await Promise.all([
      approvalTokenInfos(ctx.lookups, page),
      ctx.lookups.contractMap([...new Set(page.flatMap((r) => [p.address, str(r.spender_address), str(r.contract_address)]))]),
    ]);
    const data = page.map((r) => approvalItem(p.address, r, infos));
    const risky = new Set(page.filter((r) => r.spender_risk === true).map((r) => str(r.spender_address)));
    const tags = new Map<string, string>();
    for (const r of page) {
      if (r.from_tag) tags.set(p.address, str(r.from_tag));
      if (r.to_tag) tags.set(str(r.spender_address), str(r.to_tag));
    }
    const normal: Record<string, { risk: boolean; publicTag: string }> = {};
    for (const [a, isContract] of Object.entries(contracts.map)) if (!isContract) normal[a] = { risk: risky.has(a), publicTag: tags.get(a) ?? '' };
    return {
      total: Math.min(rows.length, 10_000),
      rangeTotal: rows.length,
      data,
      contractMap: contracts.map,
      contractInfo: contracts.info,
      ...(data.length > 0 ? { normalAddressInfo: normal } : {}),
    };
  },
});
