import { describe, expect, it } from 'vitest';
import { get, sql, testManifest } from '../../helpers/lake.ts';
import { expectedProposals } from './expected.ts';

describe('GET /api/proposal', () => {
  it('every proposal newest first, as the ledger of the raw ProposalCreate / Approve / Delete transactions gives it', async () => {
    const want = await expectedProposals();
    const r = await get('/api/proposal?limit=200');
    expect(r.status).toBe(200);
    expect(r.body.total).toBe(want.length);
    expect(r.body.data.map((p: any) => [p.proposalId, p.state, p.totalVotes, p.validVotes, p.proposer.address, p.createTime, p.expirationTime])).toEqual(
      want.slice(0, 200).map((w) => [w.id, w.state, w.approvals.length, w.valid, w.proposer, w.create, w.expiration]),
    );
    for (const p of r.body.data) {
      const w = want.find((x) => x.id === p.proposalId)!;
      expect(p.approvals.map((a: any) => a.address)).toEqual(w.approvals);
      expect(p.typeApprovals.sr.length).toBe(p.validVotes);
      expect(p.paramters).toEqual(w.params);
    }
  });

  it('agrees with the proposals snapshot where the snapshot is as new as the head (a generated lake)', async () => {
    const m = await testManifest();
    if (!m.tables.proposals?.rows) return;
    const snap = await sql(`SELECT proposal_id, state, approvals_json, create_time, expiration_time FROM snap_proposals
      WHERE as_of_block = (SELECT max(block_number) FROM raw_blocks)`);
    for (const s of snap) {
      const one = (await get(`/api/proposal?id=${s.proposal_id}`)).body;
      expect([one.state, one.createTime, one.expirationTime, one.approvals.map((a: any) => a.address)]).toEqual([
        String(s.state), Number(s.create_time), Number(s.expiration_time), JSON.parse(String(s.approvals_json)),
      ]);
    }
  });

  it('only the active SRs count: 18 approvals with a partner among them is DISAPPROVED (a generated lake)', async () => {
    const want = await expectedProposals();
    const [{ n }] = (await sql(`SELECT count(*) AS n FROM raw_transactions WHERE contract_type = 16`)) as [{ n: unknown }];
    if (Number(n) === 0) return; // an ingested lake without proposals in its blocks
    const got = (await get('/api/proposal?limit=200')).body.data as any[];
    const decided = got.filter((p) => p.state === 'APPROVED' || p.state === 'DISAPPROVED');
    expect(decided.length).toBeGreaterThan(0);
    for (const p of decided) expect(p.state).toBe(p.validVotes >= 18 ? 'APPROVED' : 'DISAPPROVED');
    const partnerTipped = got.filter((p) => p.totalVotes >= 18 && p.validVotes < 18 && p.state !== 'PENDING' && p.state !== 'CANCELED');
    expect(partnerTipped.length).toBeGreaterThan(0);
    for (const p of partnerTipped) expect(p.state).toBe('DISAPPROVED');
    expect(new Set(want.map((w) => w.state))).toEqual(new Set(['PENDING', 'APPROVED', 'DISAPPROVED', 'CANCELED']));
  });

  it('state filters; id answers one unwrapped object; address marks initiator and participant', async () => {
    const want = await expectedProposals();
    for (const state of ['PENDING', 'APPROVED', 'DISAPPROVED', 'CANCELED']) {
      const items = await get(`/api/proposal?state=${state}&limit=200`);
      expect(items.body.total).toBe(want.filter((w) => w.state === state).length);
      for (const p of items.body.data) expect(p.state).toBe(state);
    }
    const first = want[0];
    if (!first) return;
    const one = await get(`/api/proposal?id=${first.id}`);
    expect(one.body.proposalId).toBe(first.id);
    expect(one.body.activeApprovals.length).toBe(first.valid);
    expect(one.body.data).toBeUndefined();
    expect((await get('/api/proposal?id=999999999')).body).toEqual({});
    const voter = first.approvals[0];
    if (voter) {
      const marked = await get(`/api/proposal?address=${voter}&limit=20`);
      for (const p of marked.body.data) {
        const w = want.find((x) => x.id === p.proposalId)!;
        expect(p.approveSelf).toBe(w.approvals.includes(voter));
        expect(p.createSelf).toBe(w.proposer === voter);
      }
    }
    const all = await get('/api/proposal?limit=20');
    for (const p of all.body.data) expect([p.approveSelf, p.createSelf]).toEqual([false, false]);
  });

  it('limit below 20 or above 200 is a 400 naming limit (SPEC §8); default 20', async () => {
    for (const l of [19, 0, 201]) {
      const r = await get(`/api/proposal?limit=${l}`);
      expect(r.status).toBe(400);
      expect(r.text).toMatch(/limit/);
    }
    const d = await get('/api/proposal');
    expect(d.body.data.length).toBe(Math.min(20, d.body.total));
    expect((await get('/api/proposal?state=MAYBE')).status).toBe(400);
  });
});
