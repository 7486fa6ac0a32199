import { describe, expect, it } from 'vitest';
import { get, keyedPageCases, sql, testManifest } from '../../helpers/lake.ts';
import { DAY_MS, n } from './contract-stats-expected.ts';

const URL = '/api/contracts/trigger';
const TRIGGERS = `select * from raw_transactions where contract_type = 31`;
const NEWEST = 'timestamp desc, block_number desc, tx_index desc';
type Item = { block: number; hash: string; timestamp: number; ownerAddress: string; contractAddress: string; callData: string; callValue: number; confirmed: boolean; contractType: string; result: string; token: string };

describe(`GET ${URL}`, () => {
  it('defaults: the 10 newest TriggerSmartContract transactions of the network with the reference fields, from raw transactions', async () => {
    const [c] = await sql(`select count(*) k from (${TRIGGERS})`);
    const top = await sql(`${TRIGGERS} order by ${NEWEST} limit 10`);
    const m = await testManifest();
    const { status, body } = await get(URL);
    expect(status).toBe(200);
    expect([body.rangeTotal, body.total]).toEqual([n(c!.k), Math.min(n(c!.k), 10000)]);
    expect(body.data).toEqual(top.map((r) => ({
      block: n(r.block_number),
      hash: r.tx_hash,
      timestamp: n(r.timestamp),
      ownerAddress: r.owner_address,
      ownerAddressTag: '',
      contractAddress: r.contract_address ?? '',
      callData: r.call_data ?? '',
      callValue: n(r.amount),
      confirmed: n(r.block_number) <= m.solidBlock,
      contractType: 'TriggerSmartContract',
      result: r.contract_ret,
      token: r.token_id ?? '',
    })));
    for (const t of body.data as Item[]) expect(typeof body.contractMap[t.contractAddress]).toBe('boolean');
    // The page comes from the copy by block's key files (no statement); the whole lake's count from the daily rollup.
    const timing = String((await get(URL)).headers['server-timing'] ?? '').split(', ').map((t) => t.split(';')[0]!);
    expect(timing).toContain('keys.transactions_by_block');
    expect(timing.some((t) => t.startsWith('contract_contracts-trigger.count'))).toBe(true);
    expect(timing.some((t) => t === 'contract_contracts-trigger')).toBe(false);
  });

  it('pages and counts of each time window bound alone and both (ms), deep pages included', async () => {
    for (const { window, where, total, pages } of await keyedPageCases(TRIGGERS)) {
      for (const [start, limit] of pages) {
        const url = `${URL}?start=${start}${limit === undefined ? '' : `&limit=${limit}`}${window}`;
        const r = await get(url);
        expect(r.status, url).toBe(200);
        const want = await sql(`select tx_hash from (${TRIGGERS}) where ${where} order by ${NEWEST} limit ${Math.min(limit ?? 10, 10000 - start)} offset ${start}`);
        expect(r.body.data.map((t: Item) => t.hash), url).toEqual(want.map((w) => w.tx_hash));
        expect(r.body.rangeTotal, url).toBe(total);
      }
    }
    // A window inside one day, and one from midnight to midnight: the count's day parts.
    const [s] = await sql(`select min(timestamp) lo from (${TRIGGERS})`);
    const day0 = Math.floor(n(s!.lo) / DAY_MS) * DAY_MS + DAY_MS;
    for (const [a, b] of [[day0 + 1000, day0 + 3_600_000], [day0, day0 + 2 * DAY_MS - 1], [day0 - 1, day0 + DAY_MS]]) {
      const [c] = await sql(`select count(*) k from (${TRIGGERS}) where timestamp between ${a} and ${b}`);
      expect((await get(`${URL}?start_timestamp=${a}&end_timestamp=${b}`)).body.rangeTotal, `${a}..${b}`).toBe(n(c!.k));
    }
  });

  it('limit defaults to 10 and is clamped to 50, start + limit to 10000; CSV; 400s name the parameter', async () => {
    expect((await get(`${URL}?limit=500`)).body.data.length).toBe(50);
    expect((await get(`${URL}?start=9990&limit=50`)).body.data.length).toBeLessThanOrEqual(10);
    const top = await sql(`${TRIGGERS} order by ${NEWEST} limit 3`);
    const csv = (await get(`${URL}?format=csv&limit=3`)).text.trim().split(/\r?\n/);
    expect(csv[0]).toBe('block,hash,timestamp,ownerAddress,contractAddress,callData,callValue,confirmed,result,token');
    expect(csv.slice(1).map((l) => l.split(',')[1])).toEqual(top.map((r) => r.tx_hash));
    expect((await get(`${URL}?limit=-1`)).body.param).toBe('limit');
    expect((await get(`${URL}?start=-1`)).body.param).toBe('start');
    expect((await get(`${URL}?start_timestamp=abc`)).body.param).toBe('start_timestamp');
    expect((await get(`${URL}?end_timestamp=1.5`)).body.param).toBe('end_timestamp');
    const e = await get(`${URL}?start_timestamp=1700000000000&end_timestamp=1600000000000`);
    expect([e.status, e.body.param]).toEqual([400, 'end_timestamp']);
  });
});
