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

  it('exchanges are grouped by name and projects found by contract name, where the lake has them', async () => {
    // Samples by SQL over the raw reference and dimension rows: a stablecoin holder labelled as an exchange, and one
    // that is a contract named Sunswap…; a lake without them (the ingested one has no labels) has nothing to show here.
    const [ex] = await sql(`SELECT l.entity, l.public_tag, t.contract_address FROM ref_address_labels l JOIN raw_token_transfers t ON t.to_address = l.address
      WHERE l.category = 'exchange' AND t.contract_address IN (${CONTRACTS.map((c) => `'${c.address}'`).join(', ')})
        AND l.address NOT IN (SELECT address FROM dim_contracts) LIMIT 1`);
    if (ex) {
      const name = ex.entity ? String(ex.entity) : String(ex.public_tag);
      const held = positions.some((p) => p.contract === ex.contract_address && p.category === 'exchange' && p.name === name);
      const r = await get(`${URL}?token=${ex.contract_address}`);
      if (held) expect(r.body.addresses.exchange.data.map((d: any) => d.address)).toContain(name);
    }
    const [sw] = await sql(`SELECT DISTINCT t.contract_address FROM dim_contracts c JOIN raw_token_transfers t ON t.to_address = c.address
      WHERE lower(c.name) LIKE 'sunswap%' AND t.contract_address IN (${CONTRACTS.map((c) => `'${c.address}'`).join(', ')}) LIMIT 1`);
    if (sw && positions.some((p) => p.contract === sw.contract_address && p.category === 'SunSwap')) {
      const r = await get(`${URL}?token=${sw.contract_address}`);
      expect(BigInt(r.body.contract.SunSwap.value)).toBeGreaterThan(0n);
    }
  });

  it('token is required and must be a stablecoin contract; format=csv is a 400 (one object, not a list)', async () => {
    for (const [q, param] of [['', 'token'], ['token=TNUC9Qb1rRpS5CbWLmNMxXBjyFoydXjWFR', 'token'], ['token=USDT', 'token'], [`token=${CONTRACTS[0].address}&format=csv`, 'format']]) {
      const r = await get(`${URL}?${q}`);
      expect(r.status, q).toBe(400);
      expect(r.body.param, q).toBe(param);
    }
  });
});
