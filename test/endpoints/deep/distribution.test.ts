import { beforeAll, describe, expect, it } from 'vitest';
import { get, sql } from '../../helpers/lake.ts';
import { CONTRACTS, categorized, share, type Category } from './stable-ledger.ts';

const URL = '/api/stableCoin/distribution';
type Pos = Awaited<ReturnType<typeof categorized>>[number];
let positions: Pos[] = [];

beforeAll(async () => {
  positions = await categorized(sql);
});

/** The expected part of one category: total, and the 10 largest names (grouped), ties by name. */
function expectedPart(contract: string, c: Category, whole: bigint) {
  const byName = new Map<string, bigint>();
  for (const p of positions) if (p.contract === contract && p.category === c) byName.set(p.name, (byName.get(p.name) ?? 0n) + p.bal);
  const rows = [...byName].sort(([a, x], [b, y]) => (x !== y ? (x > y ? -1 : 1) : a < b ? -1 : 1));
  const v = rows.reduce((s, [, x]) => s + x, 0n);
  return { data: rows.slice(0, 10).map(([address, x]) => ({ address, percent: share(x, whole), value: x.toString() })), percent: share(v, whole), value: v.toString() };
}

describe('GET /api/stableCoin/distribution', () => {
  it.each(CONTRACTS.map((c) => [c.key, c] as const))('%s: every category against the independent ledger and labels', async (_k, c) => {
    const r = await get(`${URL}?token=${c.address}`);
    expect(r.status).toBe(200);
    const whole = positions.filter((p) => p.contract === c.address).reduce((s, p) => s + p.bal, 0n);
    expect(r.body.tokenDecimal).toBe(c.decimals);
    const acc = (['exchange', 'otherAccount'] as const).map((k) => expectedPart(c.address, k, whole));
    const con = (['JustLend', 'SunSwap', 'SunCurve', 'otherContract'] as const).map((k) => expectedPart(c.address, k, whole));
    expect(r.body.addresses).toEqual({
      percent: share(acc.reduce((s, x) => s + BigInt(x.value), 0n), whole), value: acc.reduce((s, x) => s + BigInt(x.value), 0n).toString(),
      exchange: acc[0], otherAccount: acc[1],
    });
    expect(r.body.contract).toEqual({
      percent: share(con.reduce((s, x) => s + BigInt(x.value), 0n), whole), value: con.reduce((s, x) => s + BigInt(x.value), 0n).toString(),
      JustLend: con[0], SunSwap: con[1], SunCurve: con[2], otherContract: con[3],
    });
    // Every positive balance is in exactly one category.
    expect((BigInt(r.body.addresses.value) + BigInt(r.body.contract.value)).toString()).toBe(whole.toString());
  });

  it('the sample covers labelled exchanges and contracts where the lake has them', async () => {
    // Not an assertion on the generator: it records which categories the test above really exercised on this lake.
    const seen = new Set(positions.map((p) => p.category));
    const [labels] = await sql(`SELECT count(*) AS n FROM ref_address_labels WHERE category = 'exchange'`);
    if (Number(labels!.n) > 0 && positions.some((p) => p.category === 'exchange')) expect(seen.has('exchange')).toBe(true);
    expect(seen.has('otherAccount')).toBe(true);
  });

  it('token is required and must be a stablecoin contract; format=csv is a 400 (one object, not a list)', async () => {
    for (const [q, param] of [['', 'token'], ['token=TNUC9Qb1rRpS5CbWLmNMxXBjyFoydXjWFR', 'token'], ['token=USDT', 'token'], [`token=${CONTRACTS[0].address}&format=csv`, 'format']]) {
      const r = await get(`${URL}?${q}`);
      expect(r.status, q).toBe(400);
      expect(r.body.param, q).toBe(param);
    }
  });
});
