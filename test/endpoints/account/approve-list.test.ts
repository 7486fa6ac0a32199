import { describe, expect, it } from 'vitest';
import { get, listAll, sql, testManifest } from '../../helpers/lake.ts';

const UINT256_MAX = (1n << 256n) - 1n;

interface Current { contract: string; spender: string; tokenId: string; amount: string; eventType: string; ts: number }

/**
 * The test's own ledger of an owner's approvals: every Approval / ApprovalForAll of the raw table replayed in chain
 * order, each overwriting its (token, spender, token id) key; revoked keys (amount 0) are not current.
 */
async function currentApprovals(owner: string): Promise<Current[]> {
  const rows = await sql(`SELECT contract_address, spender_address, token_id, amount_raw, event_type, "timestamp"
    FROM raw_token_approvals WHERE owner_address = '${owner}' ORDER BY block_number, tx_index, log_index`);
  const ledger = new Map<string, Current>();
  for (const r of rows) {
    const c: Current = { contract: String(r.contract_address), spender: String(r.spender_address), tokenId: r.token_id === null ? '' : String(r.token_id), amount: String(r.amount_raw), eventType: String(r.event_type), ts: Number(r.timestamp) };
    ledger.set(`${c.contract}|${c.spender}|${c.tokenId}`, c);
  }
  return [...ledger.values()].filter((c) => c.amount !== '0');
}

/** The owner with the most approvals (ties by address), or undefined on a lake without any. */
async function busiestOwner(): Promise<string | undefined> {
  const [r] = await sql(`SELECT owner_address FROM raw_token_approvals GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`);
  return r ? String(r.owner_address) : undefined;
}

const key = (x: { contract_address: string; to_address: string; amount: string; operate_time: number }) => `${x.contract_address}|${x.to_address}|${x.amount}|${x.operate_time}`;

describe('GET /api/account/approve/list', () => {
  it("every current approval of an owner, as the test's ledger of the raw approvals has them", async () => {
    const owner = await busiestOwner();
    if (!owner) return expect((await testManifest()).source.kind, "only a lake without them may skip").not.toBe("generate");
    const expected = await currentApprovals(owner);
    const got = await listAll(`/api/account/approve/list?address=${owner}&type=token`);
    expect(got.map(key).sort()).toEqual(expected.map((c) => key({ contract_address: c.contract, to_address: c.spender, amount: c.amount, operate_time: c.ts })).sort());
    for (const item of got) {
      expect(item.from_address).toBe(owner);
      const c = expected.find((e) => e.contract === item.contract_address && e.spender === item.to_address && e.amount === item.amount)!;
      expect(item.unlimited).toBe(BigInt(item.amount) === UINT256_MAX || (c.eventType === 'ApprovalForAll' && c.amount !== '0'));
      expect(item.setApprovalForAll === true).toBe(c.eventType === 'ApprovalForAll');
    }
    // type=token: by token contract; inside a token newest first
    for (let i = 1; i < got.length; i++) {
      expect(got[i - 1].contract_address <= got[i].contract_address).toBe(true);
      if (got[i - 1].contract_address === got[i].contract_address) expect(got[i - 1].operate_time >= got[i].operate_time).toBe(true);
    }
  });

  it('type=project (default): spenders of a registered project first, its project from the registry; the same records', async () => {
    const owner = await busiestOwner();
    if (!owner) return expect((await testManifest()).source.kind, "only a lake without them may skip").not.toBe("generate");
    const projects = await sql(`SELECT pc.contract_address, p.project, p.name FROM ref_project_contracts pc JOIN ref_projects p USING (project)`);
    const projectOf = new Map(projects.map((r) => [String(r.contract_address), { id: String(r.project), name: String(r.name) }]));
    const got = await listAll(`/api/account/approve/list?address=${owner}`);
    const byToken = await listAll(`/api/account/approve/list?address=${owner}&type=token`);
    expect(got.map(key).sort()).toEqual(byToken.map(key).sort());
    let seenUnknown = false;
    for (const item of got) {
      const p = projectOf.get(item.to_address);
      expect(item.project_id).toBe(p?.id ?? '');
      expect(item.project.name).toBe(p?.name);
      if (!p) seenUnknown = true;
      else expect(seenUnknown).toBe(false);
    }
  });

  it('paging: the default page is the first 10, start and limit each alone, limit clamped at 50; totals are the count', async () => {
    const owner = await busiestOwner();
    if (!owner) return expect((await testManifest()).source.kind, "only a lake without them may skip").not.toBe("generate");
    const n = (await currentApprovals(owner)).length;
    const all = await listAll(`/api/account/approve/list?address=${owner}`);
    const d = await get(`/api/account/approve/list?address=${owner}`);
    expect(d.status).toBe(200);
    expect(d.body.data).toEqual(all.slice(0, 10));
    expect(d.body.total).toBe(Math.min(n, 10000));
    expect(d.body.rangeTotal).toBe(n);
    expect((await get(`/api/account/approve/list?address=${owner}&start=3`)).body.data).toEqual(all.slice(3, 13));
    expect((await get(`/api/account/approve/list?address=${owner}&limit=2`)).body.data).toEqual(all.slice(0, 2));
    expect((await get(`/api/account/approve/list?address=${owner}&limit=500`)).body.data).toEqual(all.slice(0, 50));
  });

  it('transfer=mobile with relatedId keeps one token (type=token) or one project (type=project)', async () => {
    const owner = await busiestOwner();
    if (!owner) return expect((await testManifest()).source.kind, "only a lake without them may skip").not.toBe("generate");
    const expected = await currentApprovals(owner);
    const token = expected[0]!.contract;
    const got = await listAll(`/api/account/approve/list?address=${owner}&type=token&transfer=mobile&relatedId=${token}`);
    expect(got.length).toBe(expected.filter((c) => c.contract === token).length);
    const all = await listAll(`/api/account/approve/list?address=${owner}`);
    const project = all.find((x) => x.project_id !== '')?.project_id;
    if (project) {
      const kept = await listAll(`/api/account/approve/list?address=${owner}&transfer=mobile&relatedId=${project}`);
      expect(kept.length).toBe(all.filter((x) => x.project_id === project).length);
    }
    // without transfer=mobile relatedId changes nothing
    expect((await listAll(`/api/account/approve/list?address=${owner}&type=token&relatedId=${token}`)).length).toBe(expected.length);
  });

  it('decoration maps: contractMap of every address shown, normalAddressInfo of the non-contracts with a publicTag', async () => {
    const owner = await busiestOwner();
    if (!owner) return expect((await testManifest()).source.kind, "only a lake without them may skip").not.toBe("generate");
    const r = await get(`/api/account/approve/list?address=${owner}&limit=50`);
    const contracts = new Set((await sql(`SELECT address FROM dim_contracts`)).map((x) => String(x.address)));
    const risky = new Set((await sql(`SELECT address FROM ref_risk_addresses`)).map((x) => String(x.address)));
    for (const item of r.body.data) {
      for (const a of [item.from_address, item.to_address, item.contract_address]) {
        expect(r.body.contractMap[a]).toBe(contracts.has(a));
        if (!contracts.has(a)) expect(r.body.normalAddressInfo[a].risk).toBe(risky.has(a));
      }
    }
  });

  it('an address without approvals: 200, empty data, no normalAddressInfo; 400s for a missing or bad address or type', async () => {
    const r = await get('/api/account/approve/list?address=T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb');
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual([]);
    expect(r.body.total).toBe(0);
    expect(r.body.normalAddressInfo).toBeUndefined();
    expect((await get('/api/account/approve/list')).status).toBe(400);
    expect((await get('/api/account/approve/list?address=Tnotanaddress')).status).toBe(400);
    expect((await get('/api/account/approve/list?address=T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb&type=nft')).status).toBe(400);
    expect((await get('/api/account/approve/list?address=T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb&limit=-1')).status).toBe(400);
  });
});
