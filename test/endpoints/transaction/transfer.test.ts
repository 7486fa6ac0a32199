import { describe, expect, it } from 'vitest';
import { get, sql, testManifest, windowCases } from '../../helpers/lake.ts';

const n = (v: unknown) => Number(v);
type Item = {
  transactionHash: string;
  block: number;
  timestamp: number;
  transferFromAddress: string;
  transferToAddress: string;
  amount: number;
  tokenName: string;
  confirmed: boolean;
  contractRet: string;
  tokenInfo: { tokenId: string; tokenDecimal: number };
};
const URL = '/api/transfer';
const NEWEST = 'timestamp desc, block_number desc, tx_index desc';

async function count(where: string): Promise<number> {
  const [r] = await sql(`select count(*) as n from raw_transactions where contract_type in (1, 2) and (${where})`);
  return n(r!.n);
}

/** The address with the most transfers among those that both send and receive. */
async function busiest(): Promise<string> {
  const [r] = await sql(`select a from (select owner_address a, 'out' d from raw_transactions where contract_type in (1, 2)
                          union all select to_address a, 'in' d from raw_transactions where contract_type in (1, 2))
                         group by a having count(distinct d) = 2 order by count(*) desc, a limit 1`);
  return String(r!.a);
}

describe('GET /api/transfer', () => {
  it('defaults: 10 newest TRX / TRC10 transfers and the true count', async () => {
    const all = await count('true');
    expect(all).toBeGreaterThan(100);
    const top = await sql(`select tx_hash from raw_transactions where contract_type in (1, 2) order by ${NEWEST} limit 10`);
    const { status, body } = await get(URL);
    expect(status).toBe(200);
    expect(body.rangeTotal).toBe(all);
    expect(body.total).toBe(Math.min(all, 10000));
    expect(body.data.map((t: Item) => t.transactionHash)).toEqual(top.map((r) => r.tx_hash));
  });

  it('shows TRX and TRC10 transfers with the reference fields; amount is an exact JSON number', async () => {
    const m = await testManifest();
    for (const type of [1, 2]) {
      const [r] = await sql(`select t.*, k.decimals from raw_transactions t left join dim_tokens k on k.token_id = t.token_id
                             where contract_type = ${type} order by amount desc, block_number limit 1`);
      // The transfer's own row, looked up with filters that narrow the block to it (a block can hold 100+ transfers).
      const { body, text } = await get(`${URL}?block=${r!.block_number}&fromAddress=${r!.owner_address}&toAddress=${r!.to_address}&limit=50`);
      const t = body.data.find((x: Item) => x.transactionHash === r!.tx_hash);
      expect(t, `type ${type}`).toMatchObject({
        id: '',
        block: n(r!.block_number),
        timestamp: n(r!.timestamp),
        transferFromAddress: r!.owner_address,
        transferToAddress: r!.to_address,
        tokenName: type === 1 ? '_' : String(r!.token_id),
        confirmed: n(r!.block_number) <= m.solidBlock,
        contractRet: r!.contract_ret,
        data: r!.memo,
        cheatStatus: false,
        riskTransaction: false,
      });
      expect(typeof t.amount).toBe('number');
      // The exact digits are in the body (bigints beyond 2^53 are printed exactly).
      expect(text).toContain(`"amount":${String(r!.amount)},`);
      expect(t.tokenInfo.tokenId).toBe(type === 1 ? '_' : String(r!.token_id));
      expect(t.tokenInfo.tokenDecimal).toBe(type === 1 ? 6 : n(r!.decimals));
    }
  });

  it('filters by address and direction, from / to address', async () => {
    const a = await busiest();
    const all = await count(`owner_address = '${a}' or to_address = '${a}'`);
    const sent = await count(`owner_address = '${a}'`);
    const received = await count(`to_address = '${a}'`);
    expect(sent).toBeGreaterThan(0);
    expect(received).toBeGreaterThan(0);
    const r = await get(`${URL}?address=${a}&limit=50`);
    expect(r.body.rangeTotal).toBe(all);
    expect(r.body.data.every((t: Item) => t.transferFromAddress === a || t.transferToAddress === a)).toBe(true);
    const out = await get(`${URL}?address=${a}&direction=out&limit=50`);
    expect(out.body.rangeTotal).toBe(sent);
    expect(out.body.data.every((t: Item) => t.transferFromAddress === a)).toBe(true);
    const inb = await get(`${URL}?address=${a}&direction=in&limit=50`);
    expect(inb.body.rangeTotal).toBe(received);
    expect(inb.body.data.every((t: Item) => t.transferToAddress === a)).toBe(true);
    expect((await get(`${URL}?fromAddress=${a}`)).body.rangeTotal).toBe(sent);
    expect((await get(`${URL}?toAddress=${a}`)).body.rangeTotal).toBe(received);
    const [p] = await sql(`select to_address b from raw_transactions where contract_type in (1, 2) and owner_address = '${a}' and to_address <> '${a}'
                           group by 1 order by count(*) desc, 1 limit 1`);
    expect((await get(`${URL}?fromAddress=${a}&toAddress=${p!.b}`)).body.rangeTotal).toBe(
      await count(`owner_address = '${a}' and to_address = '${p!.b}'`),
    );
  });

  it('filters by token(s), block, time window, state and amount', async () => {
    const m = await testManifest();
    const trx = await count('contract_type = 1');
    expect((await get(`${URL}?tokens=_`)).body.rangeTotal).toBe(trx);
    expect((await get(`${URL}?token=trx`)).body.rangeTotal).toBe(trx);
    const [k] = await sql(`select token_id, count(*) as n from raw_transactions where contract_type = 2 group by 1 order by 2 desc, 1 limit 1`);
    const byToken = await get(`${URL}?token=${k!.token_id}&limit=50`);
    expect(byToken.body.rangeTotal).toBe(n(k!.n));
    expect(byToken.body.data.every((t: Item) => t.tokenName === k!.token_id)).toBe(true);
    expect((await get(`${URL}?tokens=trx,${k!.token_id}`)).body.rangeTotal).toBe(trx + n(k!.n));
    expect((await get(`${URL}?tokens=trx&token=${k!.token_id}`)).body.rangeTotal).toBe(trx + n(k!.n));

    const [b] = await sql(`select block_number b, count(*) n from raw_transactions where contract_type in (1, 2) group by 1 order by 2 desc, 1 limit 1`);
    expect((await get(`${URL}?block=${b!.b}`)).body.rangeTotal).toBe(n(b!.n));

    const [w] = await sql(`select quantile_disc(timestamp, 0.5) as mid from raw_transactions`);
    const from = n(w!.mid);
    const to = from + 86_400_000;
    const win = await get(`${URL}?start_timestamp=${from}&end_timestamp=${to}&limit=50`);
    expect(win.body.rangeTotal).toBe(await count(`timestamp between ${from} and ${to}`));
    expect(win.body.data.every((t: Item) => t.timestamp >= from && t.timestamp <= to)).toBe(true);

    const c0 = await count(`contract_ret = 'SUCCESS' and block_number <= ${m.solidBlock}`);
    const c1 = await count(`contract_ret = 'SUCCESS' and block_number > ${m.solidBlock}`);
    expect(c1).toBeGreaterThan(0);
    expect((await get(`${URL}?confirm=0`)).body.rangeTotal).toBe(c0);
    expect((await get(`${URL}?confirm=1`)).body.rangeTotal).toBe(c1);
    expect((await get(`${URL}?confirm=0,1`)).body.rangeTotal).toBe(await count('true'));

    // The TRX alias with each state set (stored counts, issue 32): TRX is type 1; a confirm set leaves reverted rows out.
    for (const states of [[0], [1], [0, 1]]) {
      const state = `case when contract_ret <> 'SUCCESS' then 2 when block_number > ${m.solidBlock} then 1 else 0 end in (${states.join(',')})`;
      expect((await get(`${URL}?tokens=_&confirm=${states.join(',')}`)).body.rangeTotal, String(states)).toBe(await count(`contract_type = 1 and ${state}`));
      expect((await get(`${URL}?confirm=${states.join(',')}`)).body.rangeTotal, String(states)).toBe(await count(state));
    }

    // Pages of the TRX alias and the states from the copy by block's key files equal the raw rows (issue 32).
    for (const [q, where] of [['tokens=_', 'contract_type = 1'], ['tokens=_&confirm=0', `contract_type = 1 and contract_ret = 'SUCCESS' and block_number <= ${m.solidBlock}`], ['confirm=1', `contract_ret = 'SUCCESS' and block_number > ${m.solidBlock}`]]) {
      for (const [start, dir] of [[0, 'desc'], [120, 'asc']] as const) {
        const url = `${URL}?${q}&sort=${dir === 'desc' ? '-' : ''}timestamp&start=${start}&limit=20`;
        const want = await sql(`select tx_hash from raw_transactions where contract_type in (1, 2) and ${where} order by timestamp ${dir}, block_number ${dir}, tx_index ${dir} limit 20 offset ${start}`);
        expect((await get(url)).body.data.map((t: Item) => t.transactionHash), url).toEqual(want.map((r) => r.tx_hash));
      }
    }

    const [q] = await sql(`select quantile_disc(amount, 0.5) as v from raw_transactions where contract_type = 1`);
    const above = await count(`amount >= ${n(q!.v)}`);
    expect(above).toBeGreaterThan(0);
    const f = await get(`${URL}?filterTokenValue=${n(q!.v)}&limit=50`);
    expect(f.body.rangeTotal).toBe(above);
    expect(f.body.data.every((t: Item) => t.amount >= n(q!.v))).toBe(true);
  });

  it('sorts by timestamp and amount both ways', async () => {
    const q = (order: string) => sql(`select tx_hash from raw_transactions where contract_type in (1, 2) order by ${order} limit 5`);
    const hashes = async (sort: string) => (await get(`${URL}?sort=${sort}&limit=5`)).body.data.map((t: Item) => t.transactionHash);
    const ids = (rows: Record<string, unknown>[]) => rows.map((r) => r.tx_hash);
    expect(await hashes('-timestamp')).toEqual(ids(await q(NEWEST)));
    expect(await hashes('timestamp')).toEqual(ids(await q('timestamp, block_number, tx_index')));
    expect(await hashes('-amount')).toEqual(ids(await q('amount desc, block_number desc, tx_index desc')));
    expect(await hashes('amount')).toEqual(ids(await q('amount, block_number, tx_index')));
    expect(await hashes('-nonsense')).toEqual(ids(await q(NEWEST)));
  });

  // Paging, limits, the sum rule and a 400 naming each malformed parameter of the fact-table path:
  // test/contract/endpoints.test.ts. The address path (the by-address copy) here.
  it('pages of an address are disjoint and ordered', async () => {
    const a = await busiest();
    for (const base of [`${URL}?address=${a}&`]) {
      const p1 = (await get(`${base}start=0&limit=20`)).body.data as Item[];
      const p2 = (await get(`${base}start=20&limit=20`)).body.data as Item[];
      const both = (await get(`${base}start=0&limit=40`)).body.data as Item[];
      expect([...p1, ...p2].map((t) => t.transactionHash)).toEqual(both.map((t) => t.transactionHash));
      expect(new Set(both.map((t) => t.transactionHash)).size).toBe(40);
      const ts = both.map((t) => t.timestamp);
      expect(ts).toEqual([...ts].sort((x, y) => y - x));
    }
  });

  it('rejects a list naming an unknown token and an end before the start; answers no match with 200', async () => {
    for (const [q, param] of [
      ['tokens=trx,usdt', 'tokens'],
      ['start_timestamp=5&end_timestamp=4', 'end_timestamp'],
    ] as const) {
      const r = await get(`${URL}?${q}`);
      expect(r.status, q).toBe(400);
      expect(r.body.param, q).toBe(param);
    }
    const nobody = 'TLLM21wteSPs4hKjbxgmH1L6poyMjeTbHm';
    expect(await count(`owner_address = '${nobody}' or to_address = '${nobody}'`)).toBe(0);
    const r = await get(`${URL}?address=${nobody}`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ total: 0, rangeTotal: 0, data: [] });
    expect((await get(`${URL}?count=true&limit=2`)).body.data).toHaveLength(2);
  });
});

describe('GET /api/transfer?address= from key files (issue 32)', () => {
  const timing = (h: Record<string, unknown>) => String(h['server-timing'] ?? '').split(', ').map((t) => t.split(';')[0]!);

  it('an address both ways: its TRX / TRC10 transfers once each, windows, both sorts, defaults, deep pages, no statement', async () => {
    const a = await busiest();
    const mine = `select tx_hash, timestamp, block_number, tx_index from raw_transactions where contract_type in (1, 2) and (owner_address = '${a}' or to_address = '${a}')`;
    const [span] = await sql(`select min(timestamp) lo, max(timestamp) hi, count(*) c from (${mine})`);
    expect(n(span!.c)).toBeGreaterThan(60);
    const mid = Math.floor((n(span!.lo) + n(span!.hi)) / 2);
    for (const [window, where] of windowCases(mid, 86_400_000)) {
      const [c] = await sql(`select count(*) c from (${mine}) where ${where}`);
      const total = n(c!.c);
      for (const [sort, dir] of [['', 'desc'], ['&sort=timestamp', 'asc'], ['&sort=-timestamp', 'desc']] as const) {
        for (const [start, limit] of [[0, undefined], [0, 50], [Math.max(0, Math.min(total - 3, 9_980)), 20], [23, 9]] as const) {
          const url = `${URL}?address=${a}&start=${start}${limit === undefined ? '' : `&limit=${limit}`}${window}${sort}`;
          const r = await get(url);
          expect(r.status, url).toBe(200);
          const want = await sql(`select tx_hash from (${mine}) where ${where} order by timestamp ${dir}, block_number ${dir}, tx_index ${dir} limit ${limit ?? 10} offset ${start}`);
          expect(r.body.data.map((t: Item) => t.transactionHash), url).toEqual(want.map((w) => w.tx_hash));
          expect(r.body.rangeTotal, url).toBe(total);
          expect(timing(r.headers), url).toEqual(['keys.address_trx_transfers']);
        }
      }
    }
  });

  it('answers the bytes the SQL path answers; any other filter or the amount sort reads SQL', async () => {
    const a = await busiest();
    const keyed = await get(`${URL}?address=${a}&limit=20&start=5`);
    // filterTokenValue=0 keeps every transfer (amounts are never negative) but is a filter the key files do not apply.
    const viaSql = await get(`${URL}?address=${a}&limit=20&start=5&filterTokenValue=0`);
    expect(timing(viaSql.headers)).not.toContain('keys.address_trx_transfers');
    expect(keyed.text).toBe(viaSql.text);
    for (const q of [`direction=in`, `token=_`, `confirm=0`, `sort=-amount`, `block=1`]) {
      expect(timing((await get(`${URL}?address=${a}&${q}`)).headers), q).not.toContain('keys.address_trx_transfers');
    }
    const none = await get(`${URL}?address=TLLM21wteSPs4hKjbxgmH1L6poyMjeTbHm`);
    expect(none.body).toMatchObject({ total: 0, rangeTotal: 0, data: [] });
  });
});

describe('GET /api/transfer with no filter, or a block alone, from key files (issue 32)', () => {
  const timing = (h: Record<string, unknown>) => String(h['server-timing'] ?? '').split(', ').map((t) => t.split(';')[0]!);

  it('every transfer: deep pages, each window bound alone and both, both time sorts, the defaults, no statement', async () => {
    const [span] = await sql(`select min(timestamp) lo, max(timestamp) hi from raw_transactions where contract_type in (1, 2)`);
    const mid = Math.floor((n(span!.lo) + n(span!.hi)) / 2);
    for (const [window, where] of windowCases(mid, 3_600_000)) {
      const total = await count(where);
      for (const [sort, dir] of [['', 'desc'], ['&sort=timestamp', 'asc'], ['&sort=-timestamp', 'desc']] as const) {
        for (const [start, limit] of [[0, undefined], [0, 50], [Math.max(0, Math.min(total - 3, 9_950)), 50], [137, 7]] as const) {
          const url = `${URL}?start=${start}${limit === undefined ? '' : `&limit=${limit}`}${window}${sort}`;
          const r = await get(url);
          expect(r.status, url).toBe(200);
          const want = await sql(`select tx_hash from raw_transactions where contract_type in (1, 2) and ${where} order by timestamp ${dir}, block_number ${dir}, tx_index ${dir} limit ${limit ?? 10} offset ${start}`);
          expect(r.body.data.map((t: Item) => t.transactionHash), url).toEqual(want.map((w) => w.tx_hash));
          expect([r.body.rangeTotal, r.body.total], url).toEqual([total, Math.min(total, 10_000)]);
          expect(timing(r.headers), url).toContain('keys.trx_transfers_by_block');
          expect(timing(r.headers).filter((t) => t.startsWith('transaction_')), url).toEqual([]);
        }
      }
    }
  });

  it("a block's transfers alone, the same bytes as the SQL path; other filters and the amount sort read SQL", async () => {
    const [b] = await sql(`select block_number, count(*) c from raw_transactions where contract_type in (1, 2) group by 1 order by 2 desc, 1 limit 1`);
    const block = n(b!.block_number);
    const r = await get(`${URL}?block=${block}&limit=50`);
    const want = await sql(`select tx_hash from raw_transactions where contract_type in (1, 2) and block_number = ${block} order by ${NEWEST}`);
    expect(r.body.data.map((t: Item) => t.transactionHash)).toEqual(want.slice(0, 50).map((w) => w.tx_hash));
    expect(r.body.rangeTotal).toBe(want.length);
    expect(timing(r.headers)).toContain('keys.trx_transfers_by_block');
    // filterTokenValue=0 keeps every transfer but is a filter the key files do not apply: the statements' bytes.
    const viaSql = await get(`${URL}?block=${block}&limit=50&filterTokenValue=0`);
    expect(timing(viaSql.headers)).not.toContain('keys.trx_transfers_by_block');
    expect(r.text).toBe(viaSql.text);
    const page = await get(`${URL}?limit=20&start=40`);
    expect(page.text).toBe((await get(`${URL}?limit=20&start=40&filterTokenValue=0`)).text);
    for (const q of ['sort=-amount', `fromAddress=${await busiest()}`, 'tokens=_,1002000']) {
      expect(timing((await get(`${URL}?${q}`)).headers), q).not.toContain('keys.trx_transfers_by_block');
    }
    // The TRX alias and states are kept from the key files' rows (issue 32).
    for (const q of ['token=_', 'confirm=0']) expect(timing((await get(`${URL}?${q}`)).headers), q).toContain('keys.trx_transfers_by_block');
  });
});
