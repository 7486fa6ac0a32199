/**
 * GET /api/security/auth/data (SPEC §4.11; reference §7): an owner's current approvals summed up (sql/account/
 * approve-list.sql over current_approvals, revoked ones left out): distinct projects (spenders the project registry
 * knows), tokens and spenders, the spenders a risk list names (risk_addresses) split into contracts and accounts, and
 * those approvals as `riskApprove[]` (the approve/list record). Without a risk list every risk count is 0 and
 * `riskApprove` is `[]` (docs/compat.md "Security and approvals").
 */
import { z } from 'zod';
import { defineEndpoint } from '../kit/endpoint.ts';
import { address } from '../../params/index.ts';
import { str } from '../shapes/cells.ts';
import { APPROVALS_QUERY, approvalItem, approvalItemSchema, approvalTokenInfos, withReferences } from '../shapes/approval-shape.ts';

const QUERIES = { approvals: APPROVALS_QUERY } as const;
const countField = z.number().int().nonnegative();

export default defineEndpoint({
  path: '/api/security/auth/data',
  method: 'GET',
  summary: "Summary of an address's current approvals and those to spenders a risk list names.",
  params: z.object({ address: address() }),
  response: z.looseObject({
    approveProjectCount: countField,
    approveTokenCount: countField,
    approveAddressCount: countField,
    approveRiskContractCount: countField,
    approveRiskAccountCount: countField,
    approveRiskAddressCount: countField,
    riskApprove: z.array(approvalItemSchema),
  }),
  queries: QUERIES,
  async handle(p, ctx) {
    const rows = await withReferences(p.address, await ctx.typedRows(QUERIES.approvals, { address: p.address }), ctx.lookups);
    const risky = rows.filter((r) => r.spender_risk === true);
    const riskySpenders = [...new Set(risky.map((r) => str(r.spender_address)))];
    const [infos, contracts] = await Promise.all([approvalTokenInfos(ctx.lookups, risky), ctx.lookups.contractMap(riskySpenders)]);
    const riskContracts = riskySpenders.filter((a) => contracts.map[a] === true).length;
    return {
      approveProjectCount: new Set(rows.filter((r) => r.project !== null).map((r) => str(r.project))).size,
      approveTokenCount: new Set(rows.map((r) => str(r.contract_address))).size,
      approveAddressCount: new Set(rows.map((r) => str(r.spender_address))).size,
      approveRiskContractCount: riskContracts,
      approveRiskAccountCount: riskySpenders.length - riskContracts,
      approveRiskAddressCount: riskySpenders.length,
      riskApprove: risky.map((r) => approvalItem(p.address, r, infos)),
    };
  },
});
