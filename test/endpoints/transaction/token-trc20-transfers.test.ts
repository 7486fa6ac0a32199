import { describe, expect, it } from 'vitest';
import { get, listAll, sql, testManifest } from '../../helpers/lake.ts';
import { expectKeyedPages, expectUnfilteredFromKeyFiles, timingNames } from '../../helpers/keyed-list.ts';

const n = (v: unknown) => Number(v);
type Item = {
  transaction_id: string;
  block: number;
  block_ts: number;
  from_address: string;
  to_address: string;
  contract_address: string;
  quant: string;
  contract_type: string;
  confirmed: boolean;
  status: number;
  revert: boolean;
  contractRet: string;
};
const URL = '/api/token_trc20/transfers';
const FUNGIBLE = `token_standard in ('trc20', 'trc721')`;
/**
 * Token transfers with `pos`, their transaction's position in its block taken from transactions (not from the
 * column under test): chain order is (block, transaction index, log index).
 */
const CHAIN = '(select t.*, x.tx_index as pos from raw_token_transfers t join raw_transactions x on x.tx_hash = t.tx_hash)';
// The same total order as the endpoint's default, written independently.
const NEWEST = 'timestamp desc, block_number desc, pos desc, log_index desc, batch_index desc';
const OLDEST = 'timestamp, block_number, pos, log_index, batch_index';
/** Identity of a transfer in a response item and in a raw row (quant = raw amount, or the TRC721 token id). */
const key = (t: Item) => `${t.transaction_id}|${t.from_address}|${t.to_address}|${t.quant}`;
const rawKey = (r: Record<string, unknown>) =>
  `${r.tx_hash}|${r.from_address}|${r.to_address}|${r.token_standard === 'trc721' ? r.token_id : r.amount_raw}`;

async function count(where: string): Promise<number> {
  const [r] = await sql(`select count(*) as n from raw_token_transfers where ${FUNGIBLE} and (${where})`);
  return n(r!.n);
}

/** The TRC20 token with the most transfers, and its most active holder among those that both send and receive it. */
async function busiest(): Promise<{ token: string; holder: string }> {
  const [t] = await sql(`select contract_address as c from raw_token_transfers where token_standard = 'trc20' group by 1 order by count(*) desc, 1 limit 1`);
  const token = String(t!.c);
  const [h] = await sql(`select a from (select from_address a, 'out' d from raw_token_transfers where contract_address = '${token}'
                          union all select to_address a, 'in' d from raw_token_transfers where contract_address = '${token}')
                         where a <> 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb' group by a having count(distinct d) = 2
                         order by count(*) desc, a limit 1`);
  return { token, holder: String(h!.a) };
}

describe('GET /api/token_trc20/transfers', () => {
  it('defaults: 10 newest TRC20/TRC721 transfers and the true count', async () => {
    const all = await count('true');
    expect(all).toBeGreaterThan(100);
    const top = await sql(`select * from ${CHAIN} where ${FUNGIBLE} order by ${NEWEST} limit 10`);
    const { status, body } = await get(URL);
    expect(status).toBe(200);
    expect(body.rangeTotal).toBe(all);
    expect(body.total).toBe(Math.min(all, 10000));
    expect(body.token_transfers.map(key)).toEqual(top.map(rawKey));
    expect(body.token_transfers.every((t: Item) => t.contract_type === 'trc20' || t.contract_type === 'trc721')).toBe(true);
  });

  it('shows a TRC20 and a TRC721 transfer with the reference fields', async () => {
    const m = await testManifest();
    for (const std of ['trc20', 'trc721']) {
      const [r] = await sql(`select t.*, coalesce(x.contract_ret, 'SUCCESS') as ret, k.decimals, k.symbol from raw_token_transfers t
                             left join raw_transactions x on x.tx_hash = t.tx_hash left join dim_tokens k on k.token_id = t.contract_address
                             where t.token_standard = '${std}' order by t.block_number desc, t.log_index limit 1`);
      expect(r, std).toBeDefined();
      // A real block can hold more than one page of one token's transfers: the page holding the row, with its envelope.
      let body: any;
      let t: any;
      for (let start = 0; !t; start += 50) {
        ({ body } = await get(`${URL}?block=${r!.block_number}&contract_address=${r!.contract_address}&start=${start}&limit=50`));
        if (body.token_transfers.length === 0) break;
        t = body.token_transfers.find((x: Item) => x.transaction_id === r!.tx_hash && x.from_address === r!.from_address && x.to_address === r!.to_address);
      }
      expect(t, std).toMatchObject({
        block: n(r!.block_number),
        block_ts: n(r!.timestamp),
        contract_address: r!.contract_address,
        // TRC20: the exact raw amount; TRC721: the token id.
        quant: std === 'trc721' ? String(r!.token_id) : String(r!.amount_raw),
        contract_type: std,
        event_type: 'Transfer',
        confirmed: n(r!.block_number) <= m.solidBlock,
        contractRet: r!.ret,
        revert: r!.ret !== 'SUCCESS',
        riskTransaction: false,
        from_address_tag: { from_address_tag: '', from_address_tag_logo: '' },
      });
      expect(t.tokenInfo.tokenId).toBe(r!.contract_address);
      expect(t.tokenInfo.tokenDecimal).toBe(n(r!.decimals));
      expect(body.contractMap[String(r!.contract_address)]).toBe(true);
      expect(body.contractMap[String(r!.from_address)]).toBe(t.fromAddressIsContract);
      if (!t.toAddressIsContract) expect(body.normalAddressInfo[String(r!.to_address)]).toEqual({ risk: false });
    }
  });

  it('filters by contract, related address and direction, from / to address', async () => {
    const { token, holder: a } = await busiest();
    expect(await count(`contract_address = '${token}'`)).toBeGreaterThan(20);
    expect((await get(`${URL}?contract_address=${token}`)).body.rangeTotal).toBe(await count(`contract_address = '${token}'`));

    const related = await count(`from_address = '${a}' or to_address = '${a}'`);
    const sent = await count(`from_address = '${a}'`);
    const received = await count(`to_address = '${a}'`);
    expect(sent).toBeGreaterThan(0);
    expect(received).toBeGreaterThan(0);
    const all = await get(`${URL}?relatedAddress=${a}&limit=50`);
    expect(all.body.rangeTotal).toBe(related);
    expect(all.body.token_transfers.every((t: Item) => t.from_address === a || t.to_address === a)).toBe(true);
    expect((await get(`${URL}?relatedAddress=${a}&direction=all`)).body.rangeTotal).toBe(related);
    const out = await get(`${URL}?relatedAddress=${a}&direction=out&limit=50`);
    expect(out.body.rangeTotal).toBe(sent);
    expect(out.body.token_transfers.every((t: Item) => t.from_address === a)).toBe(true);
    const inb = await get(`${URL}?relatedAddress=${a}&direction=in&limit=50`);
    expect(inb.body.rangeTotal).toBe(received);
    expect(inb.body.token_transfers.every((t: Item) => t.to_address === a)).toBe(true);
    expect((await get(`${URL}?fromAddress=${a}`)).body.rangeTotal).toBe(sent);
    expect((await get(`${URL}?toAddress=${a}`)).body.rangeTotal).toBe(received);
    expect((await get(`${URL}?relatedAddress=${a}&contract_address=${token}`)).body.rangeTotal).toBe(
      await count(`contract_address = '${token}' and (from_address = '${a}' or to_address = '${a}')`),
    );

    // Both ends: the transfers between the pair.
    const [pair] = await sql(`select to_address as b from raw_token_transfers where ${FUNGIBLE} and from_address = '${a}' and to_address <> '${a}'
                              group by 1 order by count(*) desc, 1 limit 1`);
    const b = String(pair!.b);
    const between = await get(`${URL}?fromAddress=${a}&toAddress=${b}&limit=50`);
    expect(between.body.rangeTotal).toBe(await count(`from_address = '${a}' and to_address = '${b}'`));
    expect(between.body.token_transfers.every((t: Item) => t.from_address === a && t.to_address === b)).toBe(true);
  });

  it('filters by block and time window', async () => {
    const [b] = await sql(`select block_number as b, count(*) as n from raw_token_transfers where ${FUNGIBLE} group by 1 order by 2 desc, 1 limit 1`);
    const byBlock = await get(`${URL}?block=${b!.b}&limit=50`);
    expect(byBlock.body.rangeTotal).toBe(n(b!.n));
    expect(byBlock.body.token_transfers.every((t: Item) => t.block === n(b!.b))).toBe(true);

    const [w] = await sql(`select min(timestamp) as lo, max(timestamp) as hi from raw_token_transfers`);
    const from = n(w!.lo) + Math.floor((n(w!.hi) - n(w!.lo)) / 3);
    const to = from + 86_400_000 / 2;
    const win = await get(`${URL}?start_timestamp=${from}&end_timestamp=${to}&limit=50`);
    expect(win.body.rangeTotal).toBe(await count(`timestamp between ${from} and ${to}`));
    expect(win.body.rangeTotal).toBeGreaterThan(0);
    expect(win.body.token_transfers.every((t: Item) => t.block_ts >= from && t.block_ts <= to)).toBe(true);
    expect((await get(`${URL}?start_timestamp=${from}`)).body.rangeTotal).toBe(await count(`timestamp >= ${from}`));
    expect((await get(`${URL}?end_timestamp=${from}`)).body.rangeTotal).toBe(await count(`timestamp <= ${from}`));
  });

  it('counts a window of whole UTC days from the daily rollup, exactly, each bound alone and both (issue 32)', async () => {
    const DAY = 86_400_000;
    const m = await testManifest();
    const { token } = await busiest();
    // The token's busiest day, and the lake's last day (partly unconfirmed), picked by SQL over the raw rows.
    const [d] = await sql(`select (timestamp // ${DAY}) * ${DAY} as d from raw_token_transfers where contract_address = '${token}' group by 1 order by count(*) desc, 1 limit 1`);
    const [l] = await sql(`select (max(timestamp) // ${DAY}) * ${DAY} as d from raw_token_transfers`);
    const day = n(d!.d);
    const last = n(l!.d);
    const timing = (h: Record<string, unknown>) => String(h['server-timing'] ?? '').split(', ').map((t) => t.split(';')[0]!);
    // A token with no other filter reads its key files (no statement, the last test below); with a state filter it
    // reads SQL, its whole days summed from the rollup (confirm=0 less the unconfirmed tail: those cases count
    // confirmed rows). Without a token the whole days come from the counts per day kept per version (no statement).
    const cases: [string, string, boolean][] = [
      [`contract_address=${token}&start_timestamp=${day}&end_timestamp=${day + DAY - 1}&confirm=0`, `contract_address = '${token}' and timestamp between ${day} and ${day + DAY - 1} and block_number <= ${m.solidBlock}`, true],
      [`contract_address=${token}&start_timestamp=${day}&confirm=0`, `contract_address = '${token}' and timestamp >= ${day} and block_number <= ${m.solidBlock}`, true],
      [`contract_address=${token}&end_timestamp=${day + DAY - 1}&confirm=0`, `contract_address = '${token}' and timestamp <= ${day + DAY - 1} and block_number <= ${m.solidBlock}`, true],
      [`start_timestamp=${day - DAY}&end_timestamp=${day + DAY - 1}`, `timestamp between ${day - DAY} and ${day + DAY - 1}`, false],
      // A bound inside a day is counted over the rows.
      [`contract_address=${token}&start_timestamp=${day + 1}&end_timestamp=${day + DAY - 1}&confirm=0`, `contract_address = '${token}' and timestamp between ${day + 1} and ${day + DAY - 1} and block_number <= ${m.solidBlock}`, false],
      [`contract_address=${token}&start_timestamp=${day}&end_timestamp=${day + DAY - 2}&confirm=0`, `contract_address = '${token}' and timestamp between ${day} and ${day + DAY - 2} and block_number <= ${m.solidBlock}`, false],
      // The last day with a confirmation state: the rollup less (or only) the unconfirmed tail.
      [`start_timestamp=${last}&end_timestamp=${last + DAY - 1}&confirm=0`, `timestamp >= ${last} and block_number <= ${m.solidBlock}`, false],
      [`start_timestamp=${last}&end_timestamp=${last + DAY - 1}&confirm=1`, `timestamp >= ${last} and block_number > ${m.solidBlock}`, false],
    ];
    for (const [q, where, rollupStatement] of cases) {
      const want = await count(where);
      const r = await get(`${URL}?${q}&limit=20`);
      expect(r.body.rangeTotal, q).toBe(want);
      expect(r.body.token_transfers.length, q).toBe(Math.min(20, want));
      expect(timing(r.headers).includes('common_token_transfer_count'), q).toBe(rollupStatement);
    }
    expect(await count(`contract_address = '${token}' and timestamp between ${day} and ${day + DAY - 1}`)).toBeGreaterThan(0);
  });

  it('a window cutting days counts exactly, each bound alone and both, into the head day', async () => {
    const DAY = 86_400_000;
    const HOUR = 3_600_000;
    const m = await testManifest();
    const { token } = await busiest();
    const [d] = await sql(`select (timestamp // ${DAY}) * ${DAY} as d from raw_token_transfers group by 1 order by count(*) desc, 1 limit 1`);
    const [l] = await sql(`select (max(timestamp) // ${DAY}) * ${DAY} as d from raw_token_transfers`);
    const day = n(d!.d);
    const last = n(l!.d);
    const windows: [number | null, number | null][] = [
      [day - 3 * DAY + 7 * HOUR, day + 2 * DAY + 5 * HOUR], // cut both ends, whole days between
      [day + 10 * HOUR, day + DAY + 3 * HOUR], // adjacent days, nothing whole between
      [day + 10 * HOUR, day + 2 * DAY - 1], // cut start, whole end
      [day, day + DAY + 13 * HOUR], // whole start, cut end
      [day + 10 * HOUR, null], // cut start to the head
      [null, day + 10 * HOUR], // the lake's start to a cut end
      [last - DAY + 5 * HOUR, last + 20 * HOUR], // into the head's day
    ];
    for (const [from, to] of windows) {
      for (const confirm of [undefined, 0]) {
        const q = [from === null ? '' : `start_timestamp=${from}`, to === null ? '' : `end_timestamp=${to}`, confirm === undefined ? '' : `confirm=${confirm}`].filter(Boolean).join('&');
        const where = [from === null ? 'true' : `timestamp >= ${from}`, to === null ? 'true' : `timestamp <= ${to}`, confirm === undefined ? 'true' : `block_number <= ${m.solidBlock}`].join(' and ');
        const want = await count(where);
        const r = await get(`${URL}?${q}&limit=20`);
        expect(r.body.rangeTotal, q).toBe(want);
        expect(r.body.token_transfers.length, q).toBe(Math.min(20, want));
      }
    }
    // The same with a token (a state filter keeps it off the key files).
    const q = `contract_address=${token}&start_timestamp=${day - DAY + HOUR}&end_timestamp=${day + DAY + HOUR}&confirm=0`;
    expect((await get(`${URL}?${q}`)).body.rangeTotal, q).toBe(await count(`contract_address = '${token}' and timestamp between ${day - DAY + HOUR} and ${day + DAY + HOUR} and block_number <= ${m.solidBlock}`));
  });

  it('filters by confirmation state, on both paths', async () => {
    const m = await testManifest();
    const { holder: a } = await busiest();
    const state = (where: string) =>
      sql(`select count(*) filter (where s = 0) as c0, count(*) filter (where s = 1) as c1, count(*) as all_n from (
             select case when coalesce(x.contract_ret, 'SUCCESS') <> 'SUCCESS' then 2 when t.block_number > ${m.solidBlock} then 1 else 0 end as s
             from raw_token_transfers t left join raw_transactions x on x.tx_hash = t.tx_hash
             where t.${FUNGIBLE} and (${where}))`);
    for (const [where, q] of [
      ['true', ''],
      [`t.from_address = '${a}' or t.to_address = '${a}'`, `relatedAddress=${a}&`],
    ] as const) {
      const [c] = await state(where);
      const c0 = (await get(`${URL}?${q}confirm=0&limit=50`)).body;
      expect(c0.rangeTotal, q).toBe(n(c!.c0));
      expect(c0.token_transfers.every((t: Item) => t.confirmed && t.status === 0)).toBe(true);
      const c1 = (await get(`${URL}?${q}confirm=1&limit=50`)).body;
      expect(c1.rangeTotal, q).toBe(n(c!.c1));
      expect(c1.token_transfers.every((t: Item) => !t.confirmed && t.status === 1)).toBe(true);
      expect((await get(`${URL}?${q}confirm=0,1`)).body.rangeTotal, q).toBe(n(c!.all_n));
    }
    const [u] = await state('true');
    expect(n(u!.c1)).toBeGreaterThan(0);
  });

  it('hides transfers below filterTokenValue (smallest units)', async () => {
    const [q] = await sql(`select quantile_disc(amount, 0.5) as v from raw_token_transfers where token_standard = 'trc20'`);
    const threshold = n(q!.v);
    const expected = await count(`amount >= ${threshold}`);
    expect(expected).toBeGreaterThan(0);
    expect(expected).toBeLessThan(await count('true'));
    const r = await get(`${URL}?filterTokenValue=${threshold}&limit=50`);
    expect(r.body.rangeTotal).toBe(expected);
    expect(r.body.token_transfers.every((t: Item) => t.contract_type === 'trc721' || Number(t.quant) >= threshold)).toBe(true);
    expect((await get(`${URL}?filterTokenValue=0`)).body.rangeTotal).toBe(await count('true'));
  });

  it('filterTokenValue is exact beyond 2^53: one unit above an 18-decimal amount hides it (issue 16)', async () => {
    const [t] = await sql(`select tx_hash, block_number, amount_raw from raw_token_transfers
      where token_standard = 'trc20' and length(amount_raw) >= 19
      order by length(amount_raw), amount_raw limit 1`);
    expect(t, 'the tiny lake holds an amount beyond 2^53').toBeDefined();
    const exact = BigInt(String(t!.amount_raw));
    expect(Number(exact + 1n)).toBe(Number(exact)); // a double cannot tell them apart
    const above = (exact + 1n).toString();
    const atBlock = async (v: string) =>
      (await get(`${URL}?block=${t!.block_number}&filterTokenValue=${v}&limit=50`)).body.token_transfers
        .filter((x: Item) => x.transaction_id === t!.tx_hash && x.quant === t!.amount_raw);
    expect(await atBlock(String(exact))).toHaveLength(1);
    expect(await atBlock(above)).toHaveLength(0);
    // The count over the whole lake, exact integer comparison in plain SQL; the same threshold written with an exponent.
    const expected = await count(`cast(amount_raw as hugeint) >= ${above}`);
    expect((await get(`${URL}?filterTokenValue=${above}&limit=1`)).body.rangeTotal).toBe(expected);
    const e18 = await count(`cast(amount_raw as hugeint) >= 1000000000000000001`);
    expect((await get(`${URL}?filterTokenValue=1.000000000000000001e18&limit=1`)).body.rangeTotal).toBe(e18);
    // amount_raw is canonical (no leading zeros), which the exact comparison by length and digits relies on.
    expect(await count(`amount_raw <> cast(cast(amount_raw as hugeint) as varchar)`)).toBe(0);
  });

  it('sorts by timestamp both ways', async () => {
    const asc = await sql(`select * from ${CHAIN} where ${FUNGIBLE} order by ${OLDEST} limit 5`);
    const desc = await sql(`select * from ${CHAIN} where ${FUNGIBLE} order by ${NEWEST} limit 5`);
    expect((await get(`${URL}?sort=timestamp&limit=5`)).body.token_transfers.map(key)).toEqual(asc.map(rawKey));
    expect((await get(`${URL}?sort=-timestamp&limit=5`)).body.token_transfers.map(key)).toEqual(desc.map(rawKey));
    // An unknown key falls back to the default.
    expect((await get(`${URL}?sort=-quant&limit=5`)).body.token_transfers.map(key)).toEqual(desc.map(rawKey));
  });

  it("keeps each transfer's transaction index and orders a block's transfers by it, then log index, both ways and on both paths", async () => {
    // Every transfer carries its transaction's position in its block, as transactions has it.
    const [c] = await sql(`select count(*) as n, count(x.tx_hash) as found, count(*) filter (where t.tx_index is distinct from x.tx_index) as wrong
                           from raw_token_transfers t left join raw_transactions x on x.tx_hash = t.tx_hash`);
    expect(n(c!.n)).toBeGreaterThan(0);
    expect(n(c!.found)).toBe(n(c!.n));
    expect(n(c!.wrong)).toBe(0);
    // A block whose transfers come from several transactions, in an order that differs from their hashes' order.
    const [b] = await sql(`select block_number as b, count(*) as n from ${CHAIN} where ${FUNGIBLE} group by 1
                           having list(tx_hash order by pos, log_index, batch_index) <> list(tx_hash order by tx_hash, log_index, batch_index)
                           order by count(distinct tx_hash) desc, 1 limit 1`);
    expect(b, 'a block where hash order is not chain order').toBeDefined();
    const block = n(b!.b);
    for (const [sort, order] of [['-timestamp', NEWEST], ['timestamp', OLDEST]] as const) {
      const want = (await sql(`select * from ${CHAIN} where ${FUNGIBLE} and block_number = ${block} order by ${order}`)).map(rawKey);
      expect((await listAll<Item>(`${URL}?block=${block}&sort=${sort}`, 'token_transfers')).map(key), sort).toEqual(want);
    }
    // Through the copy clustered by address: the busiest sender of that block.
    const [s] = await sql(`select from_address as a from raw_token_transfers where ${FUNGIBLE} and block_number = ${block} group by 1 order by count(*) desc, 1 limit 1`);
    const mine = (await sql(`select * from ${CHAIN} where ${FUNGIBLE} and from_address = '${s!.a}' order by ${NEWEST}`)).map(rawKey);
    expect((await listAll<Item>(`${URL}?fromAddress=${s!.a}&sort=-timestamp`, 'token_transfers')).map(key)).toEqual(mine);
  });

  it('pages are disjoint and ordered, on both paths', async () => {
    const { holder: a } = await busiest();
    for (const base of [`${URL}?`, `${URL}?relatedAddress=${a}&`]) {
      const p1 = (await get(`${base}start=0&limit=15`)).body.token_transfers as Item[];
      const p2 = (await get(`${base}start=15&limit=15`)).body.token_transfers as Item[];
      const both = (await get(`${base}start=0&limit=30`)).body.token_transfers as Item[];
      expect(both).toHaveLength(30);
      expect([...p1, ...p2].map(key)).toEqual(both.map(key));
      const ts = both.map((t) => t.block_ts);
      expect(ts).toEqual([...ts].sort((x, y) => y - x));
    }
  });

  it('clamps limit and applies the sum rule', async () => {
    expect((await get(`${URL}?limit=100`)).body.token_transfers).toHaveLength(50);
    expect((await get(`${URL}?start=9990&limit=50`)).body.token_transfers.length).toBeLessThanOrEqual(10);
    const r = await get(`${URL}?start=10000`);
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ error: 'OUT_OF_WINDOW', param: 'start' });
  });

  it('rejects malformed input with a 400 naming the parameter', async () => {
    for (const [q, param] of [
      ['limit=ten', 'limit'],
      ['start=-1', 'start'],
      ['relatedAddress=TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u', 'relatedAddress'],
      ['contract_address=0x41a614f803b6fd780986a42c78ec9c7f77e6ded13c', 'contract_address'],
      ['fromAddress=nope', 'fromAddress'],
      ['toAddress=T123', 'toAddress'],
      ['confirm=2', 'confirm'],
      ['direction=up', 'direction'],
      ['block=x', 'block'],
      ['filterTokenValue=-5', 'filterTokenValue'],
      ['start_timestamp=yesterday', 'start_timestamp'],
      ['start_timestamp=2000&end_timestamp=1000', 'end_timestamp'],
    ] as const) {
      const r = await get(`${URL}?${q}`);
      expect(r.status, q).toBe(400);
      expect(r.body.param, q).toBe(param);
    }
  });

  it('no match is 200 with an empty list; unknown parameters are ignored', async () => {
    const nobody = 'TLLM21wteSPs4hKjbxgmH1L6poyMjeTbHm';
    expect(await count(`from_address = '${nobody}' or to_address = '${nobody}'`)).toBe(0);
    const r = await get(`${URL}?relatedAddress=${nobody}`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ total: 0, rangeTotal: 0, token_transfers: [] });
    expect((await get(`${URL}?block=1`)).body).toMatchObject({ rangeTotal: 0, token_transfers: [] });
    const t = await get(`${URL}?end_timestamp=1`);
    expect(t.body).toMatchObject({ rangeTotal: 0, token_transfers: [] });
    expect((await get(`${URL}?limit=3&legacy=1`)).body.token_transfers).toHaveLength(3);
  });
});

describe('GET /api/token_trc20/transfers from key files (issue 32)', () => {
  const timing = timingNames;
  const expectPages = (base: string, mine: string, dataset: string) => expectKeyedPages(base, mine, dataset, { newest: NEWEST, oldest: OLDEST, key, rawKey });

  it('relatedAddress both ways: each transfer once (a self transfer too), every TRC20 / TRC721 row and no other', async () => {
    // The busiest address among those that sent, received and hold a TRC1155 row (which the list must not show).
    const [b] = await sql(`select a from (select from_address a, token_standard s from raw_token_transfers union all
                                          select to_address, token_standard from raw_token_transfers)
                           where a <> 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb' group by 1 order by count(*) filter (where s = 'trc1155') > 0 desc, count(*) desc, 1 limit 1`);
    const a = String(b!.a);
    await expectPages(`${URL}?relatedAddress=${a}`, `select * from ${CHAIN} where ${FUNGIBLE} and (from_address = '${a}' or to_address = '${a}')`, 'address_trc20_transfers');
    const [self] = await sql(`select from_address a from raw_token_transfers where ${FUNGIBLE} and from_address = to_address group by 1 order by count(*) desc, 1 limit 1`);
    if (self) {
      const s = String(self.a);
      const r = await get(`${URL}?relatedAddress=${s}&limit=50`);
      expect(r.body.rangeTotal).toBe(await count(`from_address = '${s}' or to_address = '${s}'`));
      expect(timing(r.headers)).toEqual(['keys.address_trc20_transfers']);
    }
  });

  it('contract_address alone or in a window: the token\'s rows', async () => {
    const { token } = await busiest();
    await expectPages(`${URL}?contract_address=${token}`, `select * from ${CHAIN} where ${FUNGIBLE} and contract_address = '${token}'`, 'contract_trc20_transfers');
    // A TRC1155 contract is no TRC20 / TRC721 token: nothing, as SQL answers.
    const [m] = await sql(`select contract_address c from raw_token_transfers where token_standard = 'trc1155' limit 1`);
    if (m) expect((await get(`${URL}?contract_address=${m.c}`)).body).toMatchObject({ rangeTotal: 0, token_transfers: [] });
  });

  it('no filter: the newest (or oldest) rows of the copy by block, the total the rollup\'s, the bytes the SQL path answers', async () => {
    const [all] = await sql(`select count(*) c from raw_token_transfers where token_standard in ('trc20', 'trc721')`);
    // A deep page reads chunk after chunk; a window too, its total the rollup's whole days and its cut days' rows.
    const [w] = await sql(`select (min(timestamp) + max(timestamp)) // 2 t from raw_token_transfers`);
    await expectUnfilteredFromKeyFiles(URL, ['limit=20&start=7', 'sort=timestamp&limit=50', 'limit=0', 'start=300&limit=50&sort=-timestamp'], n(all!.c),
      `start_timestamp=${n(w!.t) - 2 * 86_400_000 - 3_600_000}&end_timestamp=${n(w!.t) + 86_400_000}&limit=20&start=3`, true);
  });

  it('answers the bytes the SQL path answers; any other filter reads SQL', async () => {
    const { token, holder } = await busiest();
    const [mid] = await sql(`select (min(timestamp) + max(timestamp)) // 2 t from raw_token_transfers where contract_address = '${token}'`);
    for (const base of [`relatedAddress=${holder}`, `contract_address=${token}`, `contract_address=${token}&start_timestamp=${mid!.t}&sort=timestamp`]) {
      const keyed = await get(`${URL}?${base}&limit=20&start=7`);
      expect(timing(keyed.headers).some((t) => t.startsWith('keys.')), base).toBe(true);
      // filterTokenValue=0 keeps every row (amounts are never negative) but is a filter the key files do not apply.
      const viaSql = await get(`${URL}?${base}&limit=20&start=7&filterTokenValue=0`);
      expect(timing(viaSql.headers).some((t) => t.startsWith('keys.')), base).toBe(false);
      expect(keyed.text, base).toBe(viaSql.text);
    }
    for (const q of [`relatedAddress=${holder}&direction=in`, `relatedAddress=${holder}&contract_address=${token}`, `contract_address=${token}&confirm=0`, `contract_address=${token}&block=1`, `toAddress=${holder}`]) {
      expect(timing((await get(`${URL}?${q}`)).headers).some((t) => t.startsWith('keys.')), q).toBe(false);
    }
  });
});
