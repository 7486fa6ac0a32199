/**
 * GET /api/deep/account/token/bigAmount against plain SQL over raw token_transfers and logs (big-amount-expected.ts: the
 * protocol events' topic0 decoded here, USD by the price rule): an account's transfers of one TRC20 token, each type
 * code (1 in / 2 out relative to it, a self-transfer 1 and selected by 2 too), a DeFi user's protocol types, a token
 * that is no stablecoin, relatedAddress, sorts both ways, each range bound alone, defaults, the 6-month window at both
 * bounds, contractMap, every 400.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { get, sql, testManifest } from '../../helpers/lake.ts';
import {
  type Move, amountAtLeast, amountAtMost, exactUsdText, itemOf, moves, nudge, protocolTypes, selected, sorter, usdAtLeast,
  usdAtMost, usdBoundCases, usdBoundWitnesses,
} from './big-amount-expected.ts';
import { keyedLimits } from '../../../src/endpoints/shapes/big-amount-keyed.ts';

const URL = '/api/deep/account/token/bigAmount';
const DAY = 86_400_000;
const SPAN = 184 * DAY;

let head = 0;
const decimals = new Map<string, number>();
const decimalsOf = async (t: string) => {
  if (!decimals.has(t)) {
    const [r] = await sql(`SELECT decimals FROM dim_tokens WHERE token_id = '${t}'`);
    decimals.set(t, r ? Number(r.decimals) : 0);
  }
  return decimals.get(t)!;
};

/** The busiest (address, token) by transfers, and a DeFi user's busiest (address, token) among protocol transactions. */
let busy: { address: string; token: string; rows: Move[] };
let defi: { address: string; token: string; rows: Move[] } | undefined;

async function rowsOf(address: string, token: string): Promise<Move[]> {
  return moves(`t.contract_address = '${token}' AND (t.from_address = '${address}' OR t.to_address = '${address}')`, decimalsOf);
}

beforeAll(async () => {
  head = (await testManifest()).head.timestamp;
  const [b] = await sql(`WITH s AS (
      SELECT from_address AS a, contract_address AS t FROM raw_token_transfers WHERE token_standard = 'trc20'
      UNION ALL SELECT to_address, contract_address FROM raw_token_transfers WHERE token_standard = 'trc20' AND to_address <> from_address
    ) SELECT a, t, count(*) AS n FROM s WHERE a <> 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb' GROUP BY ALL ORDER BY n DESC, a, t LIMIT 1`);
  busy = { address: String(b!.a), token: String(b!.t), rows: await rowsOf(String(b!.a), String(b!.t)) };
  const types = await protocolTypes();
  const txs = [...types.keys()].map((k) => `(${k.replace(':', ', ')})`);
  if (txs.length === 0) return;
  const [d] = await sql(`WITH s AS (
      SELECT from_address AS a, contract_address AS t, block_number, tx_index FROM raw_token_transfers WHERE token_standard = 'trc20'
      UNION ALL SELECT to_address, contract_address, block_number, tx_index FROM raw_token_transfers WHERE token_standard = 'trc20'
    ), k(block_number, tx_index) AS (VALUES ${txs.join(', ')})
    SELECT a, t, count(*) AS n FROM s JOIN k USING (block_number, tx_index)
    WHERE a <> 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb' GROUP BY ALL ORDER BY n DESC, a, t LIMIT 1`);
  if (d) defi = { address: String(d.a), token: String(d.t), rows: await rowsOf(String(d.a), String(d.t)) };
});

async function page(q: string): Promise<any> {
  const r = await get(`${URL}?${q}`);
  expect(r.status, q).toBe(200);
  expect(r.body.code, q).toBe(0);
  return r.body;
}

interface Opts { types: number[]; start?: number; end?: number; sortBy?: 'time' | 'amount' | 'usd'; asc?: boolean; limit?: number }

function expected(rows: Move[], address: string, o: Opts) {
  const end = o.end ?? head;
  const start = o.start ?? end - SPAN;
  const kept = rows.filter((m) => m.time >= start && m.time <= end && selected(m, address, o.types)).sort(sorter(o.sortBy ?? 'time', o.asc ?? false));
  return { total: kept.length, data: kept.slice(0, Math.min(o.limit ?? 100, 100)).map((m) => itemOf(m, address)) };
}

async function check(q: string, s: { address: string; token: string }, rows: Move[], o: Opts) {
  const url = `address=${s.address}&relatedToken=${s.token}&${q}`;
  const b = await page(url);
  const want = expected(rows, s.address, o);
  expect(b.total, url).toBe(want.total);
  expect(b.data, url).toEqual(want.data);
  return b;
}

describe(`GET ${URL}`, () => {
  it('defaults: 184 days ending at the head, newest first, 100 rows; contractMap names every from and to', async () => {
    expect(busy.rows.length).toBeGreaterThan(0);
    const b = await check('types=0', busy, busy.rows, { types: [0] });
    const parties = new Set(b.data.flatMap((x: any) => [x.from, x.to]));
    expect(new Set(Object.keys(b.contractMap))).toEqual(parties);
  });

  it('each type code alone and lists: 1 in, 2 out relative to the address (a self-transfer is 1, and 2 selects it)', async () => {
    for (const s of [busy, ...(defi ? [defi] : [])]) {
      for (let t = 0; t <= 9; t++) await check(`types=${t}`, s, s.rows, { types: [t] });
      await check('types=1,2', s, s.rows, { types: [1, 2] });
      await check('types=3,4,5,6,7,8,9', s, s.rows, { types: [3, 4, 5, 6, 7, 8, 9] });
    }
  });

  it('a DeFi user: its transfers take their transaction\'s protocol type (the generated lake: several of them)', async () => {
    if (!defi) return; // the ingested range may hold no protocol transaction
    const b = await page(`address=${defi.address}&relatedToken=${defi.token}&types=3,4,5,6,7,8,9`);
    expect(b.total).toBeGreaterThan(0);
    if ((await testManifest()).source.kind === 'generate') expect(new Set(defi.rows.map((x) => x.protocol)).size).toBeGreaterThan(1);
  });

  it('relatedAddress: the transfers between the two, either way', async () => {
    const other = busy.rows.find((m) => m.from !== m.to)!;
    const related = other.from === busy.address ? other.to : other.from;
    await check(`types=0&relatedAddress=${related}`, busy,
      busy.rows.filter((m) => (m.from === related && m.to === busy.address) || (m.to === related && m.from === busy.address)), { types: [0] });
  });

  it('sorts: time, amount and usd, both ways; an unknown sortBy is time', async () => {
    for (const sortBy of ['time', 'amount', 'usd'] as const) {
      for (const asc of [true, false]) await check(`types=0&sortBy=${sortBy}&asc=${asc}`, busy, busy.rows, { types: [0], sortBy, asc });
    }
    await check('types=0&sortBy=x', busy, busy.rows, { types: [0] });
  });

  it('txAmount (exact, inclusive) and txUsd, each bound alone and both', async () => {
    const byAmount = [...busy.rows].sort(sorter('amount', true));
    const mid = itemOf(byAmount[Math.floor(byAmount.length / 2)]!, busy.address).amount;
    const high = itemOf(byAmount[Math.floor(byAmount.length * 0.9)]!, busy.address).amount;
    const fine = `${mid.includes('.') ? mid : `${mid}.`}0000000000000000000001`;
    const cases: [string, (m: Move) => boolean][] = [
      [`txAmount=${mid},`, (m) => amountAtLeast(m, mid)], [`txAmount=,${mid}`, (m) => amountAtMost(m, mid)],
      [`txAmount=${mid},${high}`, (m) => amountAtLeast(m, mid) && amountAtMost(m, high)],
      [`txAmount=${fine},`, (m) => amountAtLeast(m, fine)], [`txAmount=,${fine}`, (m) => amountAtMost(m, fine)],
      ['txUsd=1000,', (m) => usdAtLeast(m, 1000)], ['txUsd=,1000', (m) => usdAtMost(m, 1000)],
      ['txUsd=10.5,20000', (m) => usdAtLeast(m, 10.5) && usdAtMost(m, 20000)],
    ];
    for (const [q, keep] of cases) await check(`types=0&${q}`, busy, busy.rows.filter(keep), { types: [0] });
  });

  it("txUsd is exact: a bound equal to a row's exact USD keeps it (min and max), one 1e-20 beyond cuts it", async () => {
    const witnesses = usdBoundWitnesses(busy.rows);
    if ((await testManifest()).source.kind === 'generate') expect(witnesses.length).toBeGreaterThan(0);
    for (const w of witnesses) {
      for (const { q, keep, keepsWitness } of usdBoundCases(w)) {
        const expected = busy.rows.filter(keep);
        expect(expected.includes(w), q).toBe(keepsWitness);
        await check(`types=0&${q}`, busy, expected, { types: [0] });
      }
    }
  });

  it('the statement path (an address with more rows than key files serve) answers as the key-file path', async () => {
    const saved = keyedLimits.rowsMax;
    try {
      for (const rowsMax of [saved, 0]) {
        keyedLimits.rowsMax = rowsMax;
        for (const types of [[0], [1], [2], [1, 2, 3], [3, 4, 5, 6, 7, 8, 9]]) await check(`types=${types.join(',')}`, busy, busy.rows, { types });
        for (const sortBy of ['amount', 'usd'] as const) {
          for (const asc of [true, false]) await check(`types=0&sortBy=${sortBy}&asc=${asc}`, busy, busy.rows, { types: [0], sortBy, asc });
        }
        const mid = itemOf([...busy.rows].sort(sorter('amount', true))[Math.floor(busy.rows.length / 2)]!, busy.address).amount;
        await check(`types=0&txAmount=,${mid}`, busy, busy.rows.filter((m) => amountAtMost(m, mid)), { types: [0] });
        for (const w of usdBoundWitnesses(busy.rows)) {
          const x = exactUsdText(w);
          await check(`types=0&txUsd=${x},${x}`, busy, busy.rows.filter((m) => usdAtLeast(m, x) && usdAtMost(m, x)), { types: [0] });
          await check(`types=0&txUsd=${nudge(x, 1)},`, busy, busy.rows.filter((m) => usdAtLeast(m, nudge(x, 1))), { types: [0] });
        }
      }
    } finally {
      keyedLimits.rowsMax = saved;
    }
  });

  it('window: startTime alone, endTime alone, both; exactly 184 days served; limit cut at 100, 0 allowed', async () => {
    const first = Math.min(...busy.rows.map((m) => m.time));
    const mid = Math.floor((first + head) / 2000) * 1000;
    await check(`types=0&startTime=${mid / 1000}`, busy, busy.rows, { types: [0], start: mid });
    await check(`types=0&endTime=${mid / 1000}`, busy, busy.rows, { types: [0], end: mid });
    await check(`types=0&startTime=${(mid - DAY) / 1000}&endTime=${mid / 1000}`, busy, busy.rows, { types: [0], start: mid - DAY, end: mid });
    const end = Math.floor(head / 1000) * 1000;
    await check(`types=0&startTime=${(end - SPAN) / 1000}&endTime=${end / 1000}`, busy, busy.rows, { types: [0], start: end - SPAN, end });
    await check('types=0&limit=1000', busy, busy.rows, { types: [0], limit: 100 });
    const z = await page(`address=${busy.address}&relatedToken=${busy.token}&types=0&limit=0`);
    expect(z.data).toEqual([]);
    expect(z.total).toBe(expected(busy.rows, busy.address, { types: [0] }).total);
  });

  it('an address without transfers of the token: empty', async () => {
    // the TUSD contract: a valid address no transfer of the busy token names on either lake (checked)
    const quiet = 'TUpMhErZL2fhh4sVNULAbNKLokS4GjC1F4';
    expect(await rowsOf(quiet, busy.token)).toEqual([]);
    const b = await page(`address=${quiet}&relatedToken=${busy.token}&types=0`);
    expect(b).toEqual({ total: 0, code: 0, data: [], contractMap: {} });
  });

  it('400 naming the parameter', async () => {
    const end = Math.floor(head / 1000);
    const base = `address=${busy.address}&relatedToken=${busy.token}`;
    for (const [q, param] of [
      [`relatedToken=${busy.token}&types=0`, 'address'], [`address=${busy.address}&types=0`, 'relatedToken'], [base, 'types'],
      [`${base}&types=x`, 'types'], [`${base}&types=0,11`, 'types'],
      [`address=${busy.address}&relatedToken=0&types=0`, 'relatedToken'], [`address=${busy.address}&relatedToken=_&types=0`, 'relatedToken'],
      [`address=${busy.address}&relatedToken=1002000&types=0`, 'relatedToken'], [`address=x&relatedToken=${busy.token}&types=0`, 'address'],
      [`${base}&types=0&startTime=${end - SPAN / 1000 - 1}&endTime=${end}`, 'startTime'], [`${base}&types=0&startTime=${end}&endTime=${end - 1}`, 'startTime'],
      [`${base}&types=0&startTime=x`, 'startTime'], [`${base}&types=0&endTime=x`, 'endTime'], [`${base}&types=0&relatedAddress=x`, 'relatedAddress'],
      [`${base}&types=0&txUsd=,x`, 'txUsd'], [`${base}&types=0&txAmount=2`, 'txAmount'], [`${base}&types=0&asc=2`, 'asc'], [`${base}&types=0&limit=x`, 'limit'],
    ]) {
      const r = await get(`${URL}?${q}`);
      expect(r.status, q).toBe(400);
      expect(r.body.param, q).toBe(param);
    }
  });
});
