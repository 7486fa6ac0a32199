/**
 * GET /api/stableCoin/distribution/change against a brute force: every holder's balance at the end of every day of
 * the lake from the independent TRC20 ledger (raw transfers + the stablecoin moves without a Transfer + openings,
 * stable-ledger.ts positionsAt), each holder categorized here in TypeScript from the raw labels and contracts by the
 * documented rule (docs/compat.md "Stablecoin holders"), each day's category totals and 10 largest holders sorted here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Engine } from '../../../src/engine/engine.ts';
import { readDeriveSql } from '../../../src/lake/sql-files.ts';
import { sqlFilesOf } from '../../../src/lake/datasets/index.ts';
import { parseCsv } from '../../helpers/csv.ts';
import { get, lakeDir, privateApp, sql, testManifest } from '../../helpers/lake.ts';
import { ZERO } from '../token/ledgers.ts';
import { CONTRACTS, IN_LIST, positionsAt, share } from './stable-ledger.ts';

const URL = '/api/stableCoin/distribution/change';
const DAY_MS = 86_400_000;
type Key = 'exchange' | 'JustLend' | 'SunSwap' | 'SunCurve' | 'others';
interface Point { timestamp: number; amounts: Record<Key, bigint>; top: { address: string; value: bigint }[]; whole: bigint }

/** holder → the answer's key it is summed under: exchange, a project, or others (other accounts and contracts). */
let keyOf: (address: string) => Key;
/** contract → its expected points (ascending days). */
const expected = new Map<string, Point[]>();
let headDay = '';

const dayText = (ms: number) => new Date(ms).toISOString().slice(0, 10);

async function categorizer(): Promise<(address: string) => Key> {
  const labels = new Map<string, { category: string; entity: string; tag: string }[]>();
  for (const r of await sql('SELECT address, category, entity, public_tag FROM ref_address_labels')) {
    const l = labels.get(String(r.address)) ?? [];
    l.push({ category: String(r.category), entity: String(r.entity ?? ''), tag: String(r.public_tag ?? '') });
    labels.set(String(r.address), l);
  }
  const contracts = new Map<string, string[]>();
  for (const r of await sql('SELECT address, name, tag FROM dim_contracts')) {
    contracts.set(String(r.address), [...(contracts.get(String(r.address)) ?? []), String(r.name ?? ''), String(r.tag ?? '')]);
  }
  const project = (texts: string[]): Key | undefined => {
    for (const [prefix, key] of [['justlend', 'JustLend'], ['sunswap', 'SunSwap'], ['suncurve', 'SunCurve']] as const) {
      if (texts.some((t) => t.toLowerCase().startsWith(prefix))) return key;
    }
    return undefined;
  };
  return (a) => {
    const ls = labels.get(a) ?? [];
    const cs = contracts.get(a);
    // An ordinary account: an exchange's when a label says so; a contract: a project's by its labels, then its names.
    if (!cs) return ls.some((l) => l.category === 'exchange') ? 'exchange' : 'others';
    return project(ls.flatMap((l) => [l.entity, l.tag])) ?? project(cs) ?? 'others';
  };
}

beforeAll(async () => {
  keyOf = await categorizer();
  const [h] = await sql('SELECT max("timestamp") AS ts FROM raw_blocks');
  headDay = dayText(Number(h!.ts));
  // The days a contract's balances moved (a holder other than the zero address on a side).
  const moved = new Set((await sql(`SELECT DISTINCT contract_address, day FROM (
      SELECT contract_address, CAST("date" AS VARCHAR) AS day FROM raw_token_transfers
      WHERE token_standard = 'trc20' AND contract_address IN (${IN_LIST}) AND (to_address <> '${ZERO}' OR from_address <> '${ZERO}')
      UNION ALL SELECT contract_address, day FROM raw_stablecoin_balance_moves WHERE contract_address IN (${IN_LIST}) AND holder_address <> '${ZERO}'
    )`)).map((r) => `${String(r.contract_address)} ${String(r.day)}`));
  const [f] = await sql('SELECT min("timestamp") AS ts FROM raw_blocks');
  // Brute force: every holder's non-zero balance at the end of every day of the lake (one ledger query per day).
  const byDay = new Map<string, { contract: string; holder: string; bal: bigint }[]>();
  for (let ms = Date.parse(`${dayText(Number(f!.ts))}T00:00:00Z`); ms <= Date.parse(`${headDay}T00:00:00Z`); ms += DAY_MS) {
    const day = dayText(ms);
    const rows = await sql(`SELECT contract_address, holder_address, CAST(bal AS VARCHAR) AS bal FROM (${positionsAt(`'${day}'`, '<> 0')})`);
    byDay.set(day, rows.map((r) => ({ contract: String(r.contract_address), holder: String(r.holder_address), bal: BigInt(String(r.bal)) })));
  }
  for (const c of CONTRACTS) {
    const points: Point[] = [];
    for (const [day, rows] of [...byDay].sort(([a], [b]) => (a < b ? -1 : 1))) {
      // A point: a holder's balance at the end of the day is not zero, or a balance moved that day.
      if (!rows.some((r) => r.contract === c.address) && !moved.has(`${c.address} ${day}`)) continue;
      const amounts: Record<Key, bigint> = { exchange: 0n, JustLend: 0n, SunSwap: 0n, SunCurve: 0n, others: 0n };
      const mine = rows.filter((r) => r.contract === c.address && r.bal > 0n);
      for (const r of mine) amounts[keyOf(r.holder)] += r.bal;
      const top = mine.sort((a, b) => (a.bal !== b.bal ? (a.bal > b.bal ? -1 : 1) : a.holder < b.holder ? -1 : 1)).slice(0, 10);
      points.push({ timestamp: Date.parse(`${day}T00:00:00Z`), amounts, top: top.map((t) => ({ address: t.holder, value: t.bal })), whole: mine.reduce((s, r) => s + r.bal, 0n) });
    }
    expected.set(c.address, points);
  }
});

const asBody = (p: Point) => ({
  timestamp: p.timestamp,
  exchange: p.amounts.exchange.toString(),
  JustLend: p.amounts.JustLend.toString(),
  SunSwap: p.amounts.SunSwap.toString(),
  SunCurve: p.amounts.SunCurve.toString(),
  others: p.amounts.others.toString(),
  top10Holders: p.top.map((t) => ({ address: t.address, value: t.value.toString(), percent: share(t.value, p.whole) })),
});

describe('GET /api/stableCoin/distribution/change', () => {
  it.each(CONTRACTS.map((c) => [c.key, c] as const))('%s: every day\'s categories and top 10 against the brute force', async (_k, c) => {
    const r = await get(`${URL}?token=${c.address}`);
    expect(r.status).toBe(200);
    const points = expected.get(c.address)!;
    expect(r.body.tokenDecimal).toBe(c.decimals);
    expect(typeof r.body.tokenName).toBe('string');
    expect(typeof r.body.tokenAbbr).toBe('string');
    expect(r.body.count).toBe(points.length);
    expect(r.body.data).toEqual(points.map(asBody));
    // Ascending days, 00:00 UTC in ms; on these lakes a coin that has points has one on every day to the head's.
    for (let i = 1; i < points.length; i++) expect(r.body.data[i].timestamp - r.body.data[i - 1].timestamp).toBe(DAY_MS);
    if (points.length) expect(dayText(r.body.data.at(-1).timestamp)).toBe(headDay);
    // The categories cover every positive balance of the day.
    for (const [i, p] of points.entries()) {
      const d = r.body.data[i];
      expect((['exchange', 'JustLend', 'SunSwap', 'SunCurve', 'others'] as const).reduce((s, k) => s + BigInt(d[k]), 0n)).toBe(p.whole);
    }
  });

  it('the lakes hold a coin with a long history, and one without (no point)', () => {
    const sizes = [...expected.values()].map((p) => p.length);
    expect(Math.max(...sizes)).toBeGreaterThan(3);
    expect(Math.min(...sizes)).toBe(0);
    // The top 10 is not every holder of the day: the brute force had to choose.
    const usdt = expected.get(CONTRACTS[0].address)!;
    expect(usdt.some((p) => p.top.length === 10)).toBe(true);
  });

  it('the last point is the head state of /api/stableCoin/distribution', async () => {
    for (const c of CONTRACTS) {
      const r = await get(`${URL}?token=${c.address}`);
      const last = r.body.data.at(-1);
      if (!last) continue;
      const d = (await get(`/api/stableCoin/distribution?token=${c.address}`)).body;
      expect({ exchange: last.exchange, JustLend: last.JustLend, SunSwap: last.SunSwap, SunCurve: last.SunCurve, others: last.others }).toEqual({
        exchange: d.addresses.exchange.value,
        JustLend: d.contract.JustLend.value,
        SunSwap: d.contract.SunSwap.value,
        SunCurve: d.contract.SunCurve.value,
        others: (BigInt(d.addresses.otherAccount.value) + BigInt(d.contract.otherContract.value)).toString(),
      });
    }
  });

  it("token is required and must be a stablecoin contract (format: the kit's rule, anything but csv answers JSON)", async () => {
    for (const [q, param] of [
      ['', 'token'], ['token=', 'token'], ['token=TNUC9Qb1rRpS5CbWLmNMxXBjyFoydXjWFR', 'token'], ['token=USDT', 'token'],
      ['token=TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6', 'token'], [`token=${CONTRACTS[0].address}x`, 'token'],
    ]) {
      const r = await get(`${URL}?${q}`);
      expect(r.status, q).toBe(400);
      expect(r.body.param, q).toBe(param);
    }
    const xml = await get(`${URL}?token=${CONTRACTS[0].address}&format=xml`);
    expect(xml.status).toBe(200);
    expect(xml.body.count).toBe(expected.get(CONTRACTS[0].address)!.length);
  });

  it('format=csv: one row per point, the category columns and top10Holders as JSON text', async () => {
    const c = CONTRACTS[0];
    const json = await get(`${URL}?token=${c.address}`);
    const csv = await get(`${URL}?token=${c.address}&format=csv`);
    expect(csv.status).toBe(200);
    expect(String(csv.headers['content-type'])).toContain('text/csv');
    const [header, ...rows] = parseCsv(csv.text);
    expect(header).toEqual(['timestamp', 'exchange', 'JustLend', 'SunSwap', 'SunCurve', 'others', 'top10Holders']);
    expect(rows.map((r) => ({ timestamp: Number(r[0]), exchange: r[1], JustLend: r[2], SunSwap: r[3], SunCurve: r[4], others: r[5], top10Holders: JSON.parse(r[6]!) })))
      .toEqual(json.body.data);
  });
});

describe('daily_stablecoin_distribution: the pruned top holders are exact whatever the candidates', () => {
  let engine: Engine;
  let derive: string;
  beforeAll(async () => {
    engine = await Engine.open({ dataDir: lakeDir(), manifest: await testManifest(), poolSize: 2, threads: 1, memoryLimit: '1GB', timeoutMs: 60_000 });
    derive = await readDeriveSql(sqlFilesOf('daily_stablecoin_distribution').derive);
  });
  afterAll(async () => engine?.close());

  // The derive SELECT over the whole lake (as a full derive runs it) with its 100 candidates replaced by the top's
  // size (the least the bound can lean on), one more, and every holder: the same exact top 10 as the brute force.
  it.each([10, 11, 1_000_000])('candidates = %i', async (candidates) => {
    const text = derive.replace('p.r <= 100', `p.r <= ${candidates}`);
    expect(text).not.toBe(derive);
    const { rows } = await engine.query({ id: 'test/distribution-candidates', sql: text, params: [], ordered: false }, {});
    for (const c of CONTRACTS) {
      const got = new Map<number, { address: string; value: bigint }[]>();
      for (const r of rows.filter((x) => x.kind === 'top' && x.contract_address === c.address).sort((x, y) => Number(x.rank) - Number(y.rank))) {
        const t = Date.parse(`${String(r.day)}T00:00:00Z`);
        got.set(t, [...(got.get(t) ?? []), { address: String(r.holder_address), value: BigInt(String(r.amount_raw)) }]);
      }
      for (const p of expected.get(c.address)!) expect(got.get(p.timestamp) ?? [], `${c.key} ${dayText(p.timestamp)}`).toEqual(p.top);
    }
  });
});

describe('GET /api/stableCoin/distribution/change: computed once per version and contract', () => {
  // An app of this file's own: a fresh version object, so nothing is kept before the first question.
  it('the first question runs the statement; the same contract again (JSON or CSV) runs nothing and answers the same', async () => {
    const app = await privateApp();
    const ask = async (url: string) => {
      const r = await app.inject({ method: 'GET', url });
      expect(r.statusCode, url).toBe(200);
      const timing = String(r.headers['server-timing'] ?? '');
      return { body: r.body, deep: (timing ? timing.split(', ').map((t) => t.split(';')[0]!) : []).filter((t) => t.startsWith('deep_')) };
    };
    const [usdt, tusd] = [CONTRACTS[0].address, CONTRACTS[5].address];
    const first = await ask(`${URL}?token=${usdt}`);
    expect(first.deep).toEqual(['deep_distribution-change']);
    const again = await ask(`${URL}?token=${usdt}`);
    expect(again.deep).toEqual([]);
    expect(again.body).toBe(first.body);
    expect((await ask(`${URL}?token=${usdt}&format=csv`)).deep).toEqual([]);
    expect((await ask(`${URL}?token=${tusd}`)).deep).toEqual(['deep_distribution-change']);
    expect((await ask(`${URL}?token=${tusd}`)).deep).toEqual([]);
  });
});
