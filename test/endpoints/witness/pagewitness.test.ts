import { describe, expect, it } from 'vitest';
import { get, lakeDir, listAll, sql, testManifest } from '../../helpers/lake.ts';
import { cycleTallies, lastCycleVotes, production, realtimeVotes, witnessDim, witnessFields } from './expected.ts';

describe('GET /api/pagewitness', () => {
  it('types by rank: 1-27 SRs, 28-127 partners, the rest candidates; all by default, limit default 500', async () => {
    const dim = await witnessDim();
    const all = await get('/api/pagewitness');
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(dim.length);
    expect(all.body.data.length).toBe(Math.min(500, dim.length));
    expect(all.body.data.map((w: any) => w.address)).toEqual(dim.slice(0, 500).map((w) => w.address));
    for (const [type, lo, hi] of [[1, 1, 27], [2, 28, 127], [3, 128, Infinity]] as const) {
      const r = await get(`/api/pagewitness?witnesstype=${type}`);
      const want = dim.filter((w) => w.rank >= lo && w.rank <= hi);
      expect(r.body.total).toBe(want.length);
      expect(r.body.data.map((w: any) => [w.address, w.ranking, w.witnessType, w.producer])).toEqual(want.map((w) => [w.address, w.rank, type, type === 1]));
    }
    if (dim.length >= 27) expect((await get('/api/pagewitness?witnesstype=1')).body.total).toBe(27);
  });

  it("votes: the last maintenance's tally, realtime = that tally + the vote changes since (the ledger's next tally)", async () => {
    const dim = await witnessDim();
    const rt = await realtimeVotes();
    const cycle = await lastCycleVotes();
    const { body } = await get('/api/pagewitness');
    const total = dim.reduce((a, w) => a + (cycle.get(w.address) ?? 0), 0);
    for (const w of body.data) {
      const d = dim.find((x) => x.address === w.address)!;
      const last = cycle.get(w.address) ?? 0;
      expect(w.votes).toBe(last);
      expect(w.lastCycleVotes).toBe(last);
      expect(w.realTimeVotes, w.address).toBe(rt.get(w.address) ?? 0);
      expect(w.changeVotes).toBe(w.realTimeVotes - last);
      expect(w.votesPercentage).toBeCloseTo((last * 100) / total, 9);
      expect(w.brokerage).toBe(d.brokerage);
      expect(w.voterBrokerage).toBe(100 - d.brokerage);
      expect(w.name).toBe(d.name);
    }
    // Issue 27: realtime votes count every voter, not only those the snapshots know. With no vote change since the last
    // maintenance they equal its tally; a change moves them by its own size only, so the realtime total stays within
    // the votes the changes since the head's boundary cast or withdrew.
    const [b] = await sql('SELECT max("timestamp") AS hi FROM raw_blocks');
    const T = Math.floor(Number(b!.hi) / 21_600_000) * 21_600_000;
    const [moved] = await sql(`SELECT count(*) AS n FROM raw_transactions WHERE contract_type IN (4, 12) AND contract_ret = 'SUCCESS' AND "timestamp" >= ${T}`);
    const sum = (f: (w: any) => number) => body.data.reduce((a: number, w: any) => a + f(w), 0);
    if (Number(moved!.n) === 0 && T > Number((await testManifest()).first.timestamp)) {
      for (const w of body.data) expect(w.realTimeVotes).toBe(w.lastCycleVotes);
    }
    if (sum((w) => w.lastCycleVotes) > 0) expect(sum((w) => w.realTimeVotes)).toBeGreaterThan(sum((w) => w.lastCycleVotes) / 2);
  });

  it('version, changedBrokerage, lowestBrokerage: from the raw blocks and UpdateBrokerage transactions', async () => {
    const want = await witnessFields();
    const { body } = await get('/api/pagewitness');
    expect(body.data.length).toBeGreaterThan(0);
    for (const w of body.data) {
      const e = want.get(w.address)!;
      expect([w.version, w.changedBrokerage, w.lowestBrokerage], w.address).toEqual([e.version, e.changes.length > 0, e.lowest]);
    }
    // The SRs produce in the lake, so each has the version of its latest block.
    for (const w of body.data.filter((x: any) => x.witnessType === 1 && x.producedTotal > 0)) {
      const [r] = await sql(`SELECT version FROM raw_blocks WHERE witness_address = '${w.address}' ORDER BY block_number DESC LIMIT 1`);
      if (r) expect(w.version).toBe(Number(r.version));
    }
  });

  it('witness_cycle_votes: the tally at every maintenance of the lake equals the ledger over the raw vote transactions', async () => {
    const [b] = await sql('SELECT min("timestamp") AS lo, max("timestamp") AS hi FROM raw_blocks');
    const P = 21_600_000;
    const boundaries: number[] = [];
    for (let t = (Math.floor(Number(b!.lo) / P) + 1) * P; t <= Number(b!.hi); t += P) boundaries.push(t);
    const want = await cycleTallies(boundaries);
    const rows = await sql(`SELECT cycle_ts, candidate_address, votes FROM read_parquet('${lakeDir()}/versions/${(await testManifest()).version}/derived/witness_cycle_votes/*.parquet')`);
    const got = new Map<number, Map<string, number>>(boundaries.map((t) => [t, new Map()]));
    for (const r of rows) got.get(Number(r.cycle_ts))!.set(String(r.candidate_address), Number(r.votes));
    for (const t of boundaries) {
      const nonZero = [...want.get(t)!].filter(([, n]) => n !== 0).sort();
      expect([...got.get(t)!].sort(), `boundary ${t}`).toEqual(nonZero);
      // A tally counts votes: the anchor holds every vote the lake's voters had, so no candidate goes below zero.
      for (const [sr, n] of want.get(t)!) expect(n, `ledger tally of ${sr} at ${t}`).toBeGreaterThanOrEqual(0);
    }
    // Votes cast after the head's boundary count at the next maintenance only, beyond the head: when the lake has
    // such a change, the tally it will make differs from the last one, which the endpoints show.
    const last = boundaries.at(-1);
    const [pending] = await sql(`SELECT count(*) AS n FROM raw_transactions WHERE contract_type IN (4, 12) AND contract_ret = 'SUCCESS' AND "timestamp" > ${last ?? 0} + 6000`);
    if (last !== undefined && Number(pending!.n) > 0) {
      const next = (await cycleTallies([last + P])).get(last + P)!;
      expect([...next].filter(([, n]) => n !== 0).sort()).not.toEqual([...want.get(last)!].filter(([, n]) => n !== 0).sort());
    }
  });

  it("production: lifetime blocks and missed slots (the node's snapshot + the lake after it), transactions and latest block", async () => {
    const prod = await production();
    const { body } = await get('/api/pagewitness?witnesstype=1');
    for (const w of body.data) {
      const e = prod.get(w.address)!;
      const [{ n }] = (await sql(`SELECT count(*) AS n FROM raw_blocks WHERE witness_address = '${w.address}'`)) as [{ n: unknown }];
      expect(e.inLake).toBe(Number(n));
      expect([w.producedTotal, w.missedTotal, w.producedTrx, w.latestBlockNumber]).toEqual([e.produced, e.missed, e.tx, e.last]);
      if (e.produced === null || e.missed === null) {
        // No snapshot row and a life longer than the lake: the window alone is not its lifetime.
        expect(w.producePercentage).toBeNull();
        continue;
      }
      // Acceptance of issue 13: an SR's lifetime total is at least what it produced in the lake.
      expect(w.producedTotal).toBeGreaterThanOrEqual(Number(n));
      expect(w.producePercentage).toBeCloseTo(e.produced + e.missed ? (e.produced * 100) / (e.produced + e.missed) : 100, 9);
    }
  });

  it('lifetime counts are known for exactly the witnesses with a snapshot row or a life inside the lake', async () => {
    const prod = await production();
    const { body } = await get('/api/pagewitness?limit=1000');
    const known = body.data.filter((w: any) => w.producedTotal !== null).length;
    expect(known).toBe([...prod].filter(([a, e]) => e.produced !== null && body.data.some((w: any) => w.address === a)).length);
    // Both test lakes know every witness's count (the generator writes a snapshot of every witness before its window
    // or creates the witness inside it; the fake node lists its witnesses): the null side is checked on a lake without
    // witness snapshots, test/lake/witness-lifetime.test.ts.
    expect(known).toBe(body.data.length);
  });

  it('the 2 slots skipped after each maintenance are not misses (a lake of consecutive blocks)', async () => {
    const [b] = (await sql(`
      SELECT count(*) AS n, min("timestamp") AS lo, max("timestamp") AS hi, max(block_number) - min(block_number) + 1 AS span,
             max(gap) AS gap
      FROM (SELECT *, lead("timestamp") OVER (ORDER BY block_number) - "timestamp" AS gap FROM raw_blocks)`)) as [Record<string, unknown>];
    // Only a lake of consecutive blocks with realistic gaps (the fake node's blocks are hours apart, so no period
    // shows all 27 positions of the rotation and most empty slots have no known owner).
    if (Number(b.n) !== Number(b.span) || Number(b.gap) > 27 * 3000) return;
    const lo = Number(b.lo);
    const hi = Number(b.hi);
    // Empty slots inside the lake, less the 2 after every maintenance boundary inside it.
    let skipped = 0;
    for (let t = Math.ceil(lo / 21_600_000) * 21_600_000; t <= hi; t += 21_600_000) skipped += [t, t + 3000].filter((s) => s > lo && s < hi).length;
    const empty = (hi - lo) / 3000 + 1 - Number(b.n);
    // Lifetime figures: less the misses of the node's snapshot, when it is as of a time before the lake's blocks.
    const [snap] = (await sql(`SELECT max(as_of_ts) AS ts, sum(total_missed) AS missed FROM snap_witness_snapshots
      WHERE as_of_block = (SELECT max(as_of_block) FROM snap_witness_snapshots)`)) as [Record<string, unknown>];
    if (snap.ts !== null && Number(snap.ts) >= lo) return;
    const { body } = await get('/api/pagewitness');
    expect(body.total).toBe(Number((await sql('SELECT count(*) AS n FROM dim_witnesses'))[0]!.n));
    // (every witness's count is known here: the test skips lakes without a snapshot before their blocks)
    expect(body.data.reduce((a: number, w: any) => a + w.missedTotal, 0) - Number(snap.missed ?? 0)).toBe(empty - skipped);
  });

  it('every sortField both ways; an unknown one leaves the rank order', async () => {
    const fields = ['votes', 'latestBlock', 'producedTotal', 'missedTotal', 'producePercentage', 'annualizedRate', 'brokerage', 'voterBrokerage'];
    const value: Record<string, (w: any) => number | null> = {
      votes: (w) => w.votes, latestBlock: (w) => w.latestBlockNumber, producedTotal: (w) => w.producedTotal, missedTotal: (w) => w.missedTotal,
      producePercentage: (w) => w.producePercentage, annualizedRate: (w) => Number(w.annualizedRate), brokerage: (w) => w.brokerage, voterBrokerage: (w) => w.voterBrokerage,
    };
    for (const f of fields) {
      for (const sort of [0, 1]) {
        const { status, body } = await get(`/api/pagewitness?sortField=${f}&sort=${sort}`);
        expect(status).toBe(200);
        const v: (number | null)[] = body.data.map(value[f]!);
        // Unknown lifetime counts (null) come last in both directions, in rank order; the known ones are ordered.
        const k = v.filter((x) => x !== null).length;
        expect(v.slice(k).every((x) => x === null)).toBe(true);
        const rest = body.data.slice(k).map((w: any) => w.ranking);
        expect(rest).toEqual([...rest].sort((a: number, b: number) => a - b));
        for (let i = 1; i < k; i++) expect(sort ? v[i - 1]! >= v[i]! : v[i - 1]! <= v[i]!).toBe(true);
      }
    }
    const plain = await get('/api/pagewitness?sortField=nonsense&sort=1');
    expect(plain.status).toBe(200);
    expect(plain.body.data.map((w: any) => w.ranking)).toEqual([...plain.body.data.map((w: any) => w.ranking)].sort((a, b) => a - b));
  });

  it('annualizedRate follows the formula of docs/compat.md', async () => {
    const cycle = await lastCycleVotes();
    const dim = (await witnessDim()).map((w) => ({ ...w, votes: cycle.get(w.address) ?? 0 }));
    const paid = dim.filter((w) => w.rank <= 127).reduce((a, w) => a + w.votes, 0);
    const blocks = 28_792 * 365;
    const { body } = await get('/api/pagewitness');
    for (const w of body.data) {
      const d = dim.find((x) => x.address === w.address)!;
      const want = d.rank > 127 || d.votes === 0 ? 0
        : ((128 * blocks * d.votes) / paid + (d.rank <= 27 ? (8 * blocks) / 27 : 0)) * (1 - d.brokerage / 100) / d.votes * 100;
      expect(Number(w.annualizedRate)).toBeCloseTo(want, 5);
    }
  });

  it('lastBlock is the head block; paging; bad witnesstype and sort are 400s naming them', async () => {
    const [h] = (await sql('SELECT block_number, block_hash, witness_address, tx_count FROM raw_blocks ORDER BY block_number DESC LIMIT 1')) as [Record<string, unknown>];
    const r = await get('/api/pagewitness?start=1&limit=2');
    expect(r.body.lastBlock.number).toBe(Number(h.block_number));
    expect(r.body.lastBlock.hash).toBe(String(h.block_hash));
    expect(r.body.lastBlock.nrOfTrx).toBe(Number(h.tx_count));
    expect(r.body.data.map((w: any) => w.ranking)).toEqual([2, 3].slice(0, r.body.data.length));
    for (const [q, name] of [['witnesstype=4', 'witnesstype'], ['witnesstype=x', 'witnesstype'], ['sort=2', 'sort']]) {
      const bad = await get(`/api/pagewitness?${q}`);
      expect(bad.status).toBe(400);
      expect(bad.text).toMatch(new RegExp(name!));
    }
  });
});
