/**
 * The approval record of /api/account/approve/list (SPEC §2.3) and /api/security/auth/data `riskApprove[]`
 * (reference §7): one current approval of an owner (sql/account/approve-list.sql over current_approvals). The amount
 * is the last approved one (docs/compat.md "Security and approvals": a transferFrom spends an allowance without an
 * event; TronScan shows the approval amount too).
 */
import { z } from 'zod';
import type { Lookups, TokenInfo } from '../kit/lookups.ts';
import type { SqlRows } from '../kit/sql-types.generated.ts';
import { tokenInfoOrEmpty } from '../kit/schemas.ts';
import { numOr0 as n, str, withFields, type ColumnsOrRow } from './cells.ts';

/** The template both endpoints read: one owner's current approvals, newest first. */
export const APPROVALS_QUERY = 'account/approve-list';

export type ApprovalRow = ColumnsOrRow<
  'contract_address' | 'spender_address' | 'token_id' | 'token_standard' | 'event_type' | 'amount_raw' | 'unlimited' | 'timestamp'
  | 'project' | 'project_name' | 'project_url' | 'from_tag' | 'to_tag' | 'spender_risk'
>;

/**
 * `owner`'s current approvals (rows of APPROVALS_QUERY) with the spender's project (`project`, `project_name`,
 * `project_url`: null when the registry does not know it), the owner's and the spender's public tags (`from_tag`,
 * `to_tag`: null without a label) and whether a risk list names the spender (`spender_risk`), from the per-version
 * lookups: three Map reads, where five joins in the statement cost half of it. The rows are the query's own (fresh):
 * the fields are added to them in place.
 */
export async function withReferences(owner: string, rows: SqlRows['account/approve-list'][], lookups: Lookups) {
  const spenders = [...new Set(rows.map((r) => str(r.spender_address)))];
  const [projects, tags, risky] = await Promise.all([lookups.projectsOf(spenders), lookups.addressTags([owner, ...spenders]), lookups.riskListed(spenders)]);
  return rows.map((r) => {
    const spender = str(r.spender_address);
    const p = projects.get(spender);
    return withFields(r, { project: p?.project ?? null, project_name: p?.name ?? null, project_url: p?.url ?? null, from_tag: tags.get(owner) ?? null, to_tag: tags.get(spender) ?? null, spender_risk: risky.has(spender) });
  });
}

/**
 * The project of the spender (SPEC §2.6) from the project registry: `{}` when the registry does not know it. The
 * registry has no numeric id (TronScan's `id` is not public), so `id` is left out and `project_id` is the registry's
 * key (docs/compat.md).
 */
function projectOf(r: ApprovalRow): Record<string, string> {
  return r.project === null || r.project === undefined ? {} : { name: str(r.project_name), logo: '', officalWebsite: str(r.project_url) };
}

/** One record, e.g. `approvalItem(owner, row, infos)`; tokenInfo `{}` for a token the tokens table does not know. */
export function approvalItem(owner: string, r: ApprovalRow, infos: Map<string, TokenInfo>) {
  return {
    amount: str(r.amount_raw),
    unlimited: r.unlimited === true,
    from_address: owner,
    to_address: str(r.spender_address),
    contract_address: str(r.contract_address),
    tokenInfo: infos.get(str(r.contract_address)) ?? {},
    project: projectOf(r),
    project_id: str(r.project),
    project_sort: 0,
    ...(r.event_type === 'ApprovalForAll' ? { setApprovalForAll: true } : {}),
    ...(r.from_tag ? { fromAddressTag: str(r.from_tag) } : {}),
    ...(r.to_tag ? { toAddressTag: str(r.to_tag) } : {}),
    operate_time: n(r.timestamp),
  };
}

export const approvalItemSchema = z.looseObject({
  amount: z.string().regex(/^\d+$/),
  unlimited: z.boolean(),
  from_address: z.string(),
  to_address: z.string(),
  contract_address: z.string(),
  tokenInfo: tokenInfoOrEmpty,
  project: z.looseObject({ name: z.string().optional(), logo: z.string().optional(), officalWebsite: z.string().optional() }),
  project_id: z.string(),
  project_sort: z.number().int(),
  setApprovalForAll: z.literal(true).optional(),
  fromAddressTag: z.string().optional(),
  toAddressTag: z.string().optional(),
  operate_time: z.number().int(),
});

/** The tokenInfo of every token the rows name, one lookup. */
export function approvalTokenInfos(lookups: Lookups, rows: readonly ApprovalRow[]): Promise<Map<string, TokenInfo>> {
  return lookups.tokenInfo([...new Set(rows.map((r) => str(r.contract_address)))]);
}
