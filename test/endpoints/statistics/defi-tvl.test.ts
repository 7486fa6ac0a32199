/**
 * Issue 34: /api/defiTvl. A project's TVL on a day = Σ over its contracts' tokens (TRC20 and TRX) of the end-of-day
 * balance (the anchored ledger in plain SQL over the raw tables, TRX from the snapshots and the raw TRX ledger, defi-expected.ts) × that day's price (the price rule's tables),
 * exact fractions here, floored once to 6 places; broken down to contracts and tokens it sums back exactly. Both
 * bounds alone, the defaults, the lines, the project filter and the 400s.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { get, testManifest } from '../../helpers/lake.ts';
import { add, balanceAt, floor6, headDay, holdings, priceOn, value, type Frac, type Holding } from '../deep/defi-expected.ts';

const DAY_S = 86_400;
let held: Holding[];
let head: string;
beforeAll(async () => {
  held = await holdings();
  head = await headDay();
});

/** The literal a JSON number field `key` of the object holding `"projectId":"<id>"` was sent as (exact, not a double). */
function literal(text: string, id: string, key: string): string | undefined {
  const m = new RegExp(`"projectId":"${id}"[^}]*?"${key}":(-?[0-9.]+)`).exec(text);
  return m?.[1];
}

/** Each part (contract, token) of a project's TVL on `day`, exact. */
async function parts(project: string, day: string): Promise<{ contract: string; token: string; usd: Frac }[]> {
  const out: { contract: string; token: string; usd: Frac }[] = [];
  for (const h of held.filter((x) => x.project === project)) {
    const bal = await balanceAt(h.contract, h.token, day);
    const price = await priceOn(h.token, day);
    if (bal === 0n || price === undefined) continue;
    out.push({ contract: h.contract, token: h.token, usd: value(bal, h.decimals, price) });
  }
  return out;
}

describe('/api/defiTvl', () => {
  it("each project's locked value at the head = Σ its contracts' balances × the day's price, floored once", async () => {
    const { status, body, text } = await get('/api/defiTvl');
    expect(status).toBe(200);
    const projects = [...new Set(held.map((h) => h.project))];
    let total: Frac = { n: 0n, d: 1n };
    for (const id of body.projects.map((p: any) => p.projectId)) {
      expect(projects).toContain(id);
      const sum = (await parts(id, head)).reduce((a, p) => add(a, p.usd), { n: 0n, d: 1n } as Frac);
      expect(`${id} ${literal(text, id, 'locked')}`).toBe(`${id} ${floor6(sum)}`);
      total = add(total, sum);
    }
    // a project with something priced on the head day is listed
    for (const id of projects) if ((await parts(id, head)).length > 0) expect(body.projects.map((p: any) => p.projectId)).toContain(id);
    expect(body.projects.length === 0 ? body.total : Number(body.total)).toBeGreaterThanOrEqual(0);
  });

  it("breaks the largest project's TVL down to its contracts and tokens, which sum back exactly", async () => {
    const { body, text } = await get('/api/defiTvl');
    if (body.projects.length === 0) {
      expect(body).toEqual({ total: 0, projects: [] });
      return;
    }
    // The largest project with a priced holding (the ingested lake has no price: its projects are listed at 0).
    const priced: string[] = [];
    for (const p of body.projects) if ((await parts(p.projectId, head)).length > 0) priced.push(p.projectId);
    if ((await testManifest()).source.kind === 'generate') expect(priced.length).toBeGreaterThan(0);
    if (priced.length === 0) {
      for (const p of body.projects) expect(`${p.projectId} ${literal(text, p.projectId, 'locked')}`).toBe(`${p.projectId} 0`);
      return;
    }
    const id = priced[0]!;
    const ps = await parts(id, head);
    const byContract = new Map<string, Frac>();
    for (const p of ps) byContract.set(p.contract, add(byContract.get(p.contract) ?? { n: 0n, d: 1n }, p.usd));
    const sum = [...byContract.values()].reduce(add, { n: 0n, d: 1n });
    // Σ contracts = Σ tokens, exactly, and the endpoint's figure is that sum floored once
    const direct = ps.reduce((a, p) => add(a, p.usd), { n: 0n, d: 1n } as Frac);
    expect(sum.n * direct.d).toBe(direct.n * sum.d);
    expect(literal(text, id, 'locked')).toBe(floor6(sum));
  });

  it("counts the TRX a project contract holds (jTRX's cash, a V1 exchange's TRX side) at 6 decimals × TRX's price", async () => {
    const trx = held.filter((h) => h.token === '_');
    const withTrx: { project: string; usd: Frac }[] = [];
    for (const h of trx) {
      expect(h.decimals).toBe(6);
      const bal = await balanceAt(h.contract, '_', head);
      const price = await priceOn('_', head);
      if (bal > 0n && price !== undefined) withTrx.push({ project: h.project, usd: value(bal, 6, price) });
    }
    // the generated lake's jTRX holds TRX (its opening state and the mints), priced; the ingested lake has no price
    if ((await testManifest()).source.kind === 'generate') expect(withTrx.some((x) => x.project === 'justlend')).toBe(true);
    const { text } = await get('/api/defiTvl');
    for (const project of new Set(withTrx.map((x) => x.project))) {
      const ps = await parts(project, head);
      expect(ps.some((p) => p.token === '_'), project).toBe(true);
      expect(literal(text, project, 'locked')).toBe(floor6(ps.reduce((a, p) => add(a, p.usd), { n: 0n, d: 1n } as Frac)));
    }
  });

  it('type=tvlline and show=day add one point per day of the default window (the 7 days before the head)', async () => {
    const plain = (await get('/api/defiTvl')).body;
    expect(plain.tvlLine).toBeUndefined();
    expect(plain.tvlLineByDay).toBeUndefined();
    const { status, body, text } = await get('/api/defiTvl?type=tvlline&show=day');
    expect(status).toBe(200);
    expect(body.tvlLineByDay).toEqual(body.tvlLine);
    if (body.projects.length === 0) return;
    const headS = Date.parse(`${head}T00:00:00Z`) / 1000;
    const ts = body.tvlLine.map((p: any) => Number(p.t));
    expect(ts.at(-1)).toBe(headS);
    expect(ts[0]).toBeGreaterThanOrEqual(headS - 7 * DAY_S);
    // the head day's point = Σ of every project, floored once
    let all: Frac = { n: 0n, d: 1n };
    for (const id of body.projects.map((p: any) => p.projectId)) for (const p of await parts(id, head)) all = add(all, p.usd);
    const m = new RegExp(`\\{"t":"${headS}","v":([0-9.]+)\\}`).exec(text);
    expect(m?.[1]).toBe(floor6(all));
  });

  it('each bound alone: startTime keeps the days from it to the head; endTime the 7 days before it', async () => {
    const headS = Date.parse(`${head}T00:00:00Z`) / 1000;
    const a = (await get(`/api/defiTvl?type=tvlline&startTime=${headS - 2 * DAY_S}`)).body;
    const b = (await get(`/api/defiTvl?type=tvlline&endTime=${headS - 3 * DAY_S}`)).body;
    for (const p of a.tvlLine) expect(Number(p.t)).toBeGreaterThanOrEqual(headS - 2 * DAY_S);
    for (const p of b.tvlLine) {
      expect(Number(p.t)).toBeLessThanOrEqual(headS - 3 * DAY_S);
      expect(Number(p.t)).toBeGreaterThanOrEqual(headS - 10 * DAY_S);
    }
    if (a.projects.length > 0) expect(a.tvlLine.map((p: any) => Number(p.t))).toEqual([headS - 2 * DAY_S, headS - DAY_S, headS]);
  });

  it('project keeps one project; an unknown one answers no projects', async () => {
    const all = (await get('/api/defiTvl')).body;
    for (const p of all.projects) {
      const one = (await get(`/api/defiTvl?project=${p.projectId}`)).body;
      expect(one.projects).toEqual([p]);
    }
    expect((await get('/api/defiTvl?project=nosuchproject')).body).toEqual({ total: 0, projects: [] });
  });

  it('is a 400 for a bad enum, a bad or reversed range, a too-long window or a bad project', async () => {
    for (const q of ['type=line', 'show=week', 'startTime=abc', 'endTime=-5', 'startTime=2000000000&endTime=1000000000',
      'startTime=1000000000&endTime=1100000000', 'project=a;b']) {
      expect((await get(`/api/defiTvl?${q}`)).status, q).toBe(400);
    }
  });
});
