import { describe, expect, it } from 'vitest';
import { get, sql } from '../../helpers/lake.ts';
import { CHAIN_PARAMETER_KEYS } from '../../../src/chain/chain-parameters.ts';
import { expectedProposals } from './expected.ts';

/** The newest snapshot's parameters and the oldest snapshot's (the anchor a generated lake writes at its opening). */
async function snapshots() {
  const at = async (pick: 'max' | 'min') =>
    new Map((await sql(`SELECT key, value FROM snap_chain_parameters WHERE as_of_block = (SELECT ${pick}(as_of_block) FROM snap_chain_parameters)`)).map((r) => [String(r.key), Number(r.value)]));
  return { newest: await at('max'), oldest: await at('min') };
}

describe('GET /api/chainparameters', () => {
  it('the newest snapshot of the parameters, each with the proposals that touched it', async () => {
    const { newest } = await snapshots();
    const want = await expectedProposals();
    const r = await get('/api/chainparameters');
    expect(r.status).toBe(200);
    expect(r.body.tronParameters.map((p: any) => [p.key, p.value])).toEqual([...newest].sort(([a], [b]) => (a < b ? -1 : 1)));
    for (const p of r.body.tronParameters) {
      const n = [...CHAIN_PARAMETER_KEYS].find(([, k]) => k === p.key)?.[0];
      expect(p.relations.map((x: any) => x.id).sort()).toEqual(want.filter((w) => w.params.some((x) => x.key === n)).map((w) => w.id).sort());
    }
  });

  it("a parameter's value at time T is the last approved change in force at T, else the opening value (ledger of the raw transactions)", async () => {
    const { newest, oldest } = await snapshots();
    const approved = (await expectedProposals()).filter((w) => w.state === 'APPROVED');
    const [lake] = await sql('SELECT min("timestamp") AS lo, max("timestamp") AS hi FROM raw_blocks');
    const [lo, hi] = [Number(lake!.lo), Number(lake!.hi)];
    // The times around every change (just before, at, just after) and the ends of the lake.
    const times = new Set<number>([lo, hi]);
    for (const w of approved) for (const d of [-1, 0, 1]) times.add(w.expiration + d);
    const changes = approved.flatMap((w) => w.params.map((x) => ({ name: CHAIN_PARAMETER_KEYS.get(x.key), value: x.value, from: w.expiration, id: w.id })));
    if (oldest.size === newest.size && [...oldest].every(([k, v]) => newest.get(k) === v) && !changes.length) return; // nothing changes in this lake
    for (const t of [...times].filter((x) => x >= lo && x <= hi)) {
      const r = await get(`/api/chainparameters?time=${t}`);
      expect(r.status).toBe(200);
      const got = new Map((r.body.tronParameters as any[]).map((p) => [p.key, p.value]));
      for (const key of newest.keys()) {
        const last = changes.filter((c) => c.name === key && c.from <= t).sort((a, b) => a.from - b.from || a.id - b.id).at(-1);
        expect(got.get(key), `${key} at ${t}`).toBe(last ? last.value : oldest.get(key));
      }
    }
  });

  it("at the lake's first block: the earliest snapshot's values when they reach back there (opening snapshot, or a complete proposal listing and no approved change of the window before the snapshot), else left out", async () => {
    const [lake] = await sql('SELECT min("timestamp") AS lo, min(block_number) AS first FROM raw_blocks');
    const [lo, first] = [Number(lake!.lo), Number(lake!.first)];
    const [snap] = await sql('SELECT min(as_of_block) AS at FROM snap_chain_parameters');
    if (snap?.at === null || snap?.at === undefined) return expect((await get(`/api/chainparameters?time=${lo}`)).body.tronParameters).toEqual([]);
    const snapAt = Number(snap.at);
    const [snapBlock] = await sql(`SELECT min("timestamp") AS ts FROM raw_blocks WHERE block_number >= ${snapAt}`);
    const snapTs = snapBlock?.ts === null || snapBlock?.ts === undefined ? 0 : Number(snapBlock.ts);
    const [listing] = await sql('SELECT max(as_of_block) AS at FROM snap_proposals');
    const complete = listing?.at !== null && listing?.at !== undefined && Number(listing.at) >= snapAt;
    const approved = (await expectedProposals()).filter((w) => w.state === 'APPROVED');
    const { oldest } = await snapshots();
    const want = new Map<string, number>();
    for (const [key, value] of oldest) {
      const changed = approved.some((w) => w.expiration >= lo && w.expiration <= snapTs && w.params.some((x) => CHAIN_PARAMETER_KEYS.get(x.key) === key));
      if (snapAt < first || (complete && !changed)) want.set(key, value);
    }
    const r = await get(`/api/chainparameters?time=${lo}`);
    expect(r.status).toBe(200);
    expect(new Map((r.body.tronParameters as any[]).map((p) => [p.key, p.value]))).toEqual(want);
    expect(want.size).toBeGreaterThan(0);
  });

  it('the energy price the receipts burn at is getEnergyFee in force at their block (a generated lake)', async () => {
    const [row] = await sql(`SELECT "timestamp" AS ts, energy_fee // (energy_usage_total - energy_usage - origin_energy_usage) AS price FROM raw_transactions
      WHERE energy_fee > 0 AND contract_ret = 'SUCCESS' ORDER BY "timestamp" DESC LIMIT 1`);
    const approved = (await expectedProposals()).filter((w) => w.state === 'APPROVED' && w.params.some((x) => x.key === 11));
    if (!row || !approved.length) return;
    const r = await get(`/api/chainparameters?time=${Number(row.ts)}`);
    expect(r.body.tronParameters.find((p: any) => p.key === 'getEnergyFee').value).toBe(Number(row.price));
  });

  it('time must be a non-negative integer (400 naming it); a time before the lake leaves out what is unknown', async () => {
    for (const bad of ['-1', 'abc', '1.5']) {
      const r = await get(`/api/chainparameters?time=${bad}`);
      expect(r.status).toBe(400);
      expect(r.text).toMatch(/time/);
    }
    const r = await get('/api/chainparameters?time=0');
    expect(r.status).toBe(200);
    expect(r.body.tronParameters).toEqual([]);
  });
});
