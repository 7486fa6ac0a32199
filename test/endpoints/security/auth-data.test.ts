import { describe, expect, it } from 'vitest';
import { get, sql, testManifest } from '../../helpers/lake.ts';

/** An owner's current approvals from plain SQL over the raw approvals (the newest per key, revoked ones left out). */
async function current(owner: string) {
  return sql(`SELECT contract_address, spender_address, amount_raw, "timestamp" FROM (
      SELECT *, row_number() OVER (PARTITION BY contract_address, spender_address, coalesce(token_id, '')
                                   ORDER BY block_number DESC, tx_index DESC, log_index DESC) AS k
      FROM raw_token_approvals WHERE owner_address = '${owner}') WHERE k = 1 AND amount_raw <> '0'`);
}

describe('GET /api/security/auth/data', () => {
  it("counts of an owner's current approvals: projects, tokens, spenders, and those a risk list names", async () => {
    // an owner approving a listed spender when the lake has one, else the busiest owner
    const [o] = await sql(`SELECT a.owner_address FROM raw_token_approvals a LEFT JOIN ref_risk_addresses r ON r.address = a.spender_address
      GROUP BY 1 ORDER BY count(r.address) DESC, count(*) DESC, 1 LIMIT 1`);
    if (!o) return expect((await testManifest()).source.kind, "only a lake without them may skip").not.toBe("generate");
    const owner = String(o.owner_address);
    const rows = await current(owner);
    const projects = new Map((await sql(`SELECT contract_address, project FROM ref_project_contracts`)).map((r) => [String(r.contract_address), String(r.project)]));
    const risky = new Set((await sql(`SELECT address FROM ref_risk_addresses`)).map((r) => String(r.address)));
    const contracts = new Set((await sql(`SELECT address FROM dim_contracts`)).map((r) => String(r.address)));
    const spenders = new Set(rows.map((r) => String(r.spender_address)));
    const riskySpenders = [...spenders].filter((s) => risky.has(s));
    const r = await get(`/api/security/auth/data?address=${owner}`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      approveProjectCount: new Set(rows.map((x) => projects.get(String(x.spender_address))).filter(Boolean)).size,
      approveTokenCount: new Set(rows.map((x) => String(x.contract_address))).size,
      approveAddressCount: spenders.size,
      approveRiskContractCount: riskySpenders.filter((s) => contracts.has(s)).length,
      approveRiskAccountCount: riskySpenders.filter((s) => !contracts.has(s)).length,
      approveRiskAddressCount: riskySpenders.length,
    });
    expect(r.body.riskApprove.map((x: { to_address: string; amount: string }) => `${x.to_address}|${x.amount}`).sort())
      .toEqual(rows.filter((x) => risky.has(String(x.spender_address))).map((x) => `${x.spender_address}|${x.amount_raw}`).sort());
  });

  it('an address without approvals: every count 0, riskApprove []; a missing or malformed address: 400', async () => {
    const r = await get('/api/security/auth/data?address=T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb');
    expect(r.body).toEqual({ approveProjectCount: 0, approveTokenCount: 0, approveAddressCount: 0, approveRiskContractCount: 0, approveRiskAccountCount: 0, approveRiskAddressCount: 0, riskApprove: [] });
    expect((await get('/api/security/auth/data')).status).toBe(400);
    expect((await get('/api/security/auth/data?address=0x123')).status).toBe(400);
  });
});
