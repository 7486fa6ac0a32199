import { describe, expect, it } from 'vitest';
import { get, sql, testManifest } from '../../helpers/lake.ts';
import { parseCsv } from '../../helpers/csv.ts';
import { expectKeyedPages, expectUnfilteredFromKeyFiles, timingNames } from '../../helpers/keyed-list.ts';

const n = (v: unknown) => Number(v);
type Item = {
  transaction_id: string;
  block: number;
  block_ts: number;
  from_address: string;
  to_address: string;
  contract_address: string;
  token_id: string;
  quant: string;
  operator: string;
  event_type: string;
  contract_type: string;
  confirmed: boolean;
  status: number;
};
const URL = '/api/token_trc1155/transfers';
// Transfers with their transaction's position in its block from transactions: chain order (block, tx index, log index).
const CHAIN = '(select t.*, x.tx_index as pos from raw_token_transfers t join raw_transactions x on x.tx_hash = t.tx_hash)';
const NEWEST = 'timestamp desc, block_number desc, pos desc, log_index desc, batch_index desc';
const OLDEST = 'timestamp, block_number, pos, log_index, batch_index';
const key = (t: Item) => `${t.transaction_id}|${t.from_address}|${t.to_address}|${t.token_id}|${t.quant}`;
const rawKey = (r: Record<string, unknown>) => `${r.tx_hash}|${r.from_address}|${r.to_address}|${r.token_id}|${r.amount_raw}`;

async function count(where: string): Promise<number> {
  const [r] = await sql(`select count(*) as n from raw_token_transfers where token_standard = 'trc1155' and (${where})`);
  return n(r!.n);
}

async function busiestHolder(): Promise<string> {
  const [h] = await sql(`select a from (select from_address a from raw_token_transfers where token_standard = 'trc1155'
                          union all select to_address a from raw_token_transfers where token_standard = 'trc1155')
                         where a <> 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb' group by a order by count(*) desc, a limit 1`);
  return String(h!.a);
}

const HEADER = ['transaction_id', 'block', 'block_ts', 'from_address', 'to_address', 'operator', 'contract_address', 'token_id', 'quant', 'event_type', 'confirmed', 'revert', 'contractRet'];

describe('GET /api/token_trc1155/transfers', () => {
  it('defaults: 10 newest TRC1155 items and the true count', async () => {
    const all = await count('true');
    expect(all).toBeGreaterThan(20);
    const top = await sql(`select * from ${CHAIN} where token_standard = 'trc1155' order by ${NEWEST} limit 10`);
    const { status, body } = await get(URL);
    expect(status).toBe(200);
    expect(body.rangeTotal).toBe(all);
    expect(body.total).toBe(Math.min(all, 10000));
    expect(body.token_transfers.map(key)).toEqual(top.map(rawKey));
  });

  it('shows an item with token_id, quant, operator and event type as strings', async () => {
    const m = await testManifest();
    const [r] = await sql(`select * from raw_token_transfers where token_standard = 'trc1155' order by block_number desc, log_index, batch_index limit 1`);
    const { body } = await get(`${URL}?block=${r!.block_number}&limit=50`);
    const t = body.token_transfers.find((x: Item) => key(x) === rawKey(r!));
    expect(t).toMatchObject({
      block: n(r!.block_number),
      block_ts: n(r!.timestamp),
      contract_address: r!.contract_address,
      token_id: String(r!.token_id),
      quant: String(r!.amount_raw),
      operator: String(r!.operator_address ?? ''),
      event_type: r!.event_type,
      contract_type: 'trc1155',
      confirmed: n(r!.block_number) <= m.solidBlock,
      approval_amount: '0', // a transfer, not an approval (reference; issue 16)
    });
    expect(typeof t.token_id).toBe('string');
    expect(body.contractMap[String(r!.contract_address)]).toBe(true);
  });

  it('filters by related address and direction, contract, block, time, state and amount', async () => {
    const m = await testManifest();
    const a = await busiestHolder();
    const rel = await count(`from_address = '${a}' or to_address = '${a}'`);
    expect(rel).toBeGreaterThan(0);
    expect((await get(`${URL}?relatedAddress=${a}`)).body.rangeTotal).toBe(rel);
    const out = await get(`${URL}?relatedAddress=${a}&direction=out&limit=50`);
    expect(out.body.rangeTotal).toBe(await count(`from_address = '${a}'`));
    expect(out.body.token_transfers.every((t: Item) => t.from_address === a)).toBe(true);
    const inb = await get(`${URL}?relatedAddress=${a}&direction=in&limit=50`);
    expect(inb.body.rangeTotal).toBe(await count(`to_address = '${a}'`));
    expect(inb.body.token_transfers.every((t: Item) => t.to_address === a)).toBe(true);

    const [c] = await sql(`select contract_address as c from raw_token_transfers where token_standard = 'trc1155' group by 1 order by count(*) desc, 1 limit 1`);
    expect((await get(`${URL}?contract_address=${c!.c}`)).body.rangeTotal).toBe(await count(`contract_address = '${c!.c}'`));

    const [b] = await sql(`select block_number as b from raw_token_transfers where token_standard = 'trc1155' group by 1 order by count(*) desc, 1 limit 1`);
    expect((await get(`${URL}?block=${b!.b}`)).body.rangeTotal).toBe(await count(`block_number = ${b!.b}`));

    const [w] = await sql(`select quantile_disc(timestamp, 0.5) as mid from raw_token_transfers where token_standard = 'trc1155'`);
    const from = n(w!.mid);
    const to = from + 2 * 86_400_000;
    expect((await get(`${URL}?start_timestamp=${from}&end_timestamp=${to}`)).body.rangeTotal).toBe(await count(`timestamp between ${from} and ${to}`));

    const [s] = await sql(`select count(*) filter (where s = 0) as c0, count(*) filter (where s = 1) as c1 from (
        select case when coalesce(x.contract_ret, 'SUCCESS') <> 'SUCCESS' then 2 when t.block_number > ${m.solidBlock} then 1 else 0 end as s
        from raw_token_transfers t left join raw_transactions x on x.tx_hash = t.tx_hash where t.token_standard = 'trc1155')`);
    expect((await get(`${URL}?confirm=0`)).body.rangeTotal).toBe(n(s!.c0));
    expect((await get(`${URL}?confirm=1`)).body.rangeTotal).toBe(n(s!.c1));
    expect((await get(`${URL}?confirm=0,1`)).body.rangeTotal).toBe(await count('true'));

    const [q] = await sql(`select quantile_disc(amount, 0.5) as v from raw_token_transfers where token_standard = 'trc1155'`);
    const threshold = n(q!.v);
    const above = await count(`amount >= ${threshold}`);
    expect(above).toBeGreaterThan(0);
    const f = await get(`${URL}?filterTokenValue=${threshold}&limit=50`);
    expect(f.body.rangeTotal).toBe(above);
    expect(f.body.token_transfers.every((t: Item) => Number(t.quant) >= threshold)).toBe(true);
  });

  it('sorts by timestamp both ways; pages are disjoint and ordered', async () => {
    const asc = await sql(`select * from ${CHAIN} where token_standard = 'trc1155' order by timestamp, block_number, pos, log_index, batch_index limit 5`);
    expect((await get(`${URL}?sort=timestamp&limit=5`)).body.token_transfers.map(key)).toEqual(asc.map(rawKey));
    const desc = await sql(`select * from ${CHAIN} where token_standard = 'trc1155' order by ${NEWEST} limit 5`);
    expect((await get(`${URL}?sort=-timestamp&limit=5`)).body.token_transfers.map(key)).toEqual(desc.map(rawKey));
    const p1 = (await get(`${URL}?start=0&limit=10`)).body.token_transfers as Item[];
    const p2 = (await get(`${URL}?start=10&limit=10`)).body.token_transfers as Item[];
    const both = (await get(`${URL}?start=0&limit=20`)).body.token_transfers as Item[];
    expect(both).toHaveLength(20);
    expect([...p1, ...p2].map(key)).toEqual(both.map(key));
    const ts = both.map((t) => t.block_ts);
    expect(ts).toEqual([...ts].sort((x, y) => y - x));
  });

  it('clamps limit, applies the sum rule, rejects bad input, answers no match with 200', async () => {
    expect((await get(`${URL}?limit=500`)).body.token_transfers.length).toBe(Math.min(50, await count('true')));
    expect((await get(`${URL}?start=9990&limit=50`)).body.token_transfers.length).toBeLessThanOrEqual(10);
    expect((await get(`${URL}?start=10000`)).body).toMatchObject({ error: 'OUT_OF_WINDOW', param: 'start' });
    for (const [q, param] of [
      ['limit=1.5', 'limit'],
      ['relatedAddress=abc', 'relatedAddress'],
      ['contract_address=T1', 'contract_address'],
      ['confirm=2', 'confirm'],
      ['direction=north', 'direction'],
      ['block=-3', 'block'],
      ['filterTokenValue=lots', 'filterTokenValue'],
      ['end_timestamp=now', 'end_timestamp'],
    ] as const) {
      const r = await get(`${URL}?${q}`);
      expect(r.status, q).toBe(400);
      expect(r.body.param, q).toBe(param);
    }
    const empty = await get(`${URL}?start_timestamp=1&end_timestamp=2`);
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ total: 0, rangeTotal: 0, token_transfers: [] });
  });

  it('format=csv streams the whole filtered result with a header, RFC 4180', async () => {
    const all = await get(`${URL}?format=csv`);
    expect(all.status).toBe(200);
    expect(String(all.headers['content-type'])).toMatch(/^text\/csv/);
    expect(String(all.headers['content-disposition'])).toMatch(/attachment; filename=".*\.csv"/);
    expect(all.text.endsWith('\r\n')).toBe(true);
    const rows = parseCsv(all.text);
    expect(rows[0]).toEqual(HEADER);
    const body = rows.slice(1);
    expect(body).toHaveLength((await get(URL)).body.rangeTotal);
    expect(body.every((r) => r.length === HEADER.length)).toBe(true);
    // Same order and values as the raw rows (newest first).
    const raw = await sql(`select * from ${CHAIN} where token_standard = 'trc1155' order by ${NEWEST}`);
    const col = (name: string) => HEADER.indexOf(name);
    expect(body.map((r) => `${r[col('transaction_id')]}|${r[col('from_address')]}|${r[col('to_address')]}|${r[col('token_id')]}|${r[col('quant')]}`)).toEqual(raw.map(rawKey));
    // No cell can start a spreadsheet formula (addresses, hex, non-negative numbers, words, booleans).
    expect(body.flat().some((c) => /^[=+\-@]/.test(c))).toBe(false);
  });

  it('format=csv follows the filters, the address path and an explicit page', async () => {
    const a = await busiestHolder();
    const q = `relatedAddress=${a}&direction=in`;
    const json = (await get(`${URL}?${q}`)).body;
    const csv = parseCsv((await get(`${URL}?${q}&format=csv`)).text).slice(1);
    expect(json.rangeTotal).toBeGreaterThan(0);
    expect(csv).toHaveLength(json.rangeTotal);
    expect(csv.every((r) => r[HEADER.indexOf('to_address')] === a)).toBe(true);
    const page = (await get(`${URL}?start=5&limit=7`)).body.token_transfers as Item[];
    const csvPage = parseCsv((await get(`${URL}?start=5&limit=7&format=csv`)).text).slice(1);
    expect(csvPage.map((r) => r[0])).toEqual(page.map((t) => t.transaction_id));
    expect(csvPage.map((r) => r[HEADER.indexOf('confirmed')])).toEqual(page.map((t) => String(t.confirmed)));
    expect((await get(`${URL}?format=csv&confirm=9`)).status).toBe(400);
  });
});

describe('GET /api/token_trc1155/transfers from key files (issue 32)', () => {
  it('no filter: the newest (or oldest) TRC1155 rows of the copy by block, the total the rollup\'s, the bytes the SQL path answers', async () => {
    const [all] = await sql(`select count(*) c from raw_token_transfers where token_standard = 'trc1155'`);
    expect(Number(all!.c)).toBeGreaterThan(12);
    // TRC1155 rows are few among the standards: a page may take several reads of the key files.
    await expectUnfilteredFromKeyFiles(URL, ['limit=10', 'sort=timestamp&limit=7&start=3', 'limit=0'], Number(all!.c), 'end_timestamp=2000000000000');
  });

  it('contract_address alone or in a window: the token\'s rows from the copy by contract, the bytes the SQL path answers', async () => {
    const [t] = await sql(`select contract_address c from raw_token_transfers where token_standard = 'trc1155' group by 1 order by count(*) desc, 1 limit 1`);
    const token = String(t!.c);
    await expectKeyedPages(`${URL}?contract_address=${token}`, `select * from ${CHAIN} where token_standard = 'trc1155' and contract_address = '${token}'`, 'contract_trc1155_transfers', { newest: NEWEST, oldest: OLDEST, key, rawKey });
    const [mid] = await sql(`select (min(timestamp) + max(timestamp)) // 2 t from raw_token_transfers where contract_address = '${token}'`);
    for (const q of [`contract_address=${token}&limit=20&start=7`, `contract_address=${token}&start_timestamp=${mid!.t}&sort=timestamp&limit=13`]) {
      const keyed = await get(`${URL}?${q}`);
      expect(timingNames(keyed.headers), q).toEqual(['keys.contract_trc1155_transfers']);
      // filterTokenValue=0 keeps every row (amounts are never negative) but is a filter the key files do not apply.
      const viaSql = await get(`${URL}?${q}&filterTokenValue=0`);
      expect(timingNames(viaSql.headers).some((x) => x.startsWith('keys.')), q).toBe(false);
      expect(keyed.text, q).toBe(viaSql.text);
    }
    // Any other filter reads SQL; a TRC20 contract is no TRC1155 token: nothing, as SQL answers.
    const holder = await busiestHolder();
    for (const q of [`contract_address=${token}&relatedAddress=${holder}`, `contract_address=${token}&confirm=0`, `contract_address=${token}&block=1`]) {
      expect(timingNames((await get(`${URL}?${q}`)).headers).some((x) => x.startsWith('keys.')), q).toBe(false);
    }
    const [f] = await sql(`select contract_address c from raw_token_transfers where token_standard = 'trc20' limit 1`);
    const none = await get(`${URL}?contract_address=${f!.c}`);
    expect(none.body).toMatchObject({ rangeTotal: 0, total: 0, token_transfers: [] });
    expect(timingNames(none.headers)).toEqual(['keys.contract_trc1155_transfers']);
  });
});
