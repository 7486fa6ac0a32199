import { describe, expect, it } from 'vitest';
import { get, keyedPageCases, sql, testManifest } from '../../helpers/lake.ts';

const n = (v: unknown) => Number(v);
type Item = {
  hash: string;
  internal_hash: string;
  block: number;
  timestamp: number;
  from: string;
  to: string;
  token_id: string;
  call_value: number;
  token_list: { token_id: string; call_value: number; tokenInfo: { tokenId: string } };
  valueInfoList: { token_id: string; call_value: number }[];
  confirmed: boolean;
  revert: boolean;
  rejected: boolean;
};
const URL = '/api/internal-transaction';
const NEWEST = 'timestamp desc, block_number desc, tx_hash desc, internal_index desc';

async function count(where: string): Promise<number> {
  const [r] = await sql(`select count(*) as n from raw_internal_transactions i where ${where}`);
  return n(r!.n);
}

async function busiest(): Promise<string> {
  const [r] = await sql(`select a from (select caller_address a from raw_internal_transactions union all
                         select to_address a from raw_internal_transactions where to_address <> caller_address)
                         group by a order by count(*) desc, a limit 1`);
  return String(r!.a);
}

/** The contract whose calls produced the most internal transactions (joined here through the parent transaction). */
async function busiestContract(): Promise<{ contract: string; n: number }> {
  const [r] = await sql(`select x.contract_address c, count(*) n from raw_internal_transactions i join raw_transactions x on x.tx_hash = i.tx_hash
                         where x.contract_address is not null group by 1 order by 2 desc, 1 limit 1`);
  return { contract: String(r!.c), n: n(r!.n) };
}

describe('GET /api/internal-transaction', () => {
  it('requires address, block or contract', async () => {
    const r = await get(URL);
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ error: 'MISSING_PARAMETER', param: 'address' });
    expect((await get(`${URL}?start_timestamp=0&limit=5`)).status).toBe(400);
  });

  it('an address of any size gets the same newest page and count (hubs search time windows, others sort)', async () => {
    // The busiest address of each size class the lake has: a hub (more than 2,000 rows) and a quiet one.
    const sizes = await sql(`select a, count(*) n from (select caller_address a from raw_internal_transactions union all
                               select to_address a from raw_internal_transactions where to_address <> caller_address)
                             group by a qualify row_number() over (partition by count(*) > 2000 order by count(*) desc, a) = 1`);
    expect(sizes.length).toBeGreaterThan(0);
    for (const { a, n: rows } of sizes) {
      const want = await sql(`select internal_hash from raw_internal_transactions where caller_address = '${a}' or to_address = '${a}'
                              order by ${NEWEST} limit 20 offset 5`);
      const { body } = await get(`${URL}?address=${a}&start=5&limit=20`);
      expect(body.rangeTotal, String(a)).toBe(n(rows));
      expect(body.data.map((t: Item) => t.internal_hash), String(a)).toEqual(want.map((r) => r.internal_hash));
    }
  });

  it('filters by address (caller or callee), newest first, with the reference fields', async () => {
    const m = await testManifest();
    const a = await busiest();
    const total = await count(`caller_address = '${a}' or to_address = '${a}'`);
    expect(total).toBeGreaterThan(10);
    const top = await sql(`select i.*, coalesce(x.contract_ret, 'SUCCESS') ret from raw_internal_transactions i left join raw_transactions x on x.tx_hash = i.tx_hash
                           where caller_address = '${a}' or i.to_address = '${a}' order by i.${NEWEST.replaceAll(', ', ', i.')} limit 10`);
    const { status, body } = await get(`${URL}?address=${a}`);
    expect(status).toBe(200);
    expect(body.rangeTotal).toBe(total);
    expect(body.total).toBe(Math.min(total, 10000));
    expect(body.data.map((t: Item) => t.internal_hash)).toEqual(top.map((r) => r.internal_hash));
    const [r] = top;
    expect(body.data[0]).toMatchObject({
      hash: r!.tx_hash,
      block: n(r!.block_number),
      timestamp: n(r!.timestamp),
      from: r!.caller_address,
      to: r!.to_address,
      note: r!.note,
      rejected: r!.rejected,
      token_id: r!.token_id,
      call_value: n(r!.call_value),
      confirmed: n(r!.block_number) <= m.solidBlock,
      revert: r!.ret !== 'SUCCESS',
      result: r!.ret,
    });
    const t = body.data[0] as Item;
    expect(Array.isArray(t.token_list)).toBe(false);
    expect(t.token_list).toMatchObject({ token_id: r!.token_id, call_value: n(r!.call_value) });
    expect(t.valueInfoList).toEqual([t.token_list]);
    expect(t.token_list.tokenInfo.tokenId).toBe(r!.token_id);
    expect(Object.keys(body.contractMap)).toContain(a);
  });

  it('filters by block and by the called contract', async () => {
    const [b] = await sql(`select block_number b, count(*) n from raw_internal_transactions group by 1 order by 2 desc, 1 limit 1`);
    const byBlock = await get(`${URL}?block=${b!.b}&limit=50`);
    expect(byBlock.body.rangeTotal).toBe(n(b!.n));
    expect(byBlock.body.data.every((t: Item) => t.block === n(b!.b))).toBe(true);

    const { contract, n: calls } = await busiestContract();
    expect(calls).toBeGreaterThan(0);
    const byContract = await get(`${URL}?contract=${contract}&limit=50`);
    expect(byContract.body.rangeTotal).toBe(calls);
    const parents = new Set((await sql(`select tx_hash from raw_transactions where contract_address = '${contract}'`)).map((r) => r.tx_hash));
    expect(byContract.body.data.every((t: Item) => parents.has(t.hash))).toBe(true);
    // Filters combine.
    expect((await get(`${URL}?contract=${contract}&block=${b!.b}`)).body.rangeTotal).toBe(
      n((await sql(`select count(*) n from raw_internal_transactions i join raw_transactions x on x.tx_hash = i.tx_hash
                    where x.contract_address = '${contract}' and i.block_number = ${b!.b}`))[0]!.n),
    );
  });

  it("a block alone reads the copy by block's key files: the SQL's order and fields, every page and window bound (issue 32)", async () => {
    const m = await testManifest();
    const timing = (h: Record<string, unknown>) => String(h['server-timing'] ?? '').split(', ').map((t) => t.split(';')[0]!);
    // The block with the most internal transactions, and one of a failed transaction when the lake has one.
    const picks = await sql(`(select block_number b, timestamp t from raw_internal_transactions group by all order by count(*) desc, 1 limit 1)
                             union (select i.block_number, i.timestamp from raw_internal_transactions i join raw_transactions x on x.tx_hash = i.tx_hash
                                    where x.contract_ret <> 'SUCCESS' order by 1 limit 1)`);
    expect(picks.length).toBeGreaterThan(0);
    for (const { b, t } of picks) {
      const all = await sql(`select i.tx_hash, i.internal_hash, i.block_number, i.caller_address, i.to_address, i.call_value, i.rejected,
                                    coalesce(x.contract_ret, 'SUCCESS') as ret
                             from raw_internal_transactions i left join raw_transactions x on x.tx_hash = i.tx_hash and x.block_number = i.block_number
                             where i.block_number = ${b} order by i."timestamp" desc, i.block_number desc, i.tx_hash desc, i.internal_index desc`);
      for (const [q, from, count] of [['', 0, 10], ['start=1&limit=2', 1, 2], [`start=${Math.max(0, all.length - 1)}&limit=5`, Math.max(0, all.length - 1), 5],
        [`start_timestamp=${t}`, 0, 10], [`end_timestamp=${t}`, 0, 10]] as const) {
        const url = `${URL}?block=${b}${q ? `&${q}` : ''}`;
        const r = await get(url);
        expect(r.body.rangeTotal, url).toBe(all.length);
        expect(r.body.data.map((x: Item) => [x.hash, x.internal_hash, x.block, x.from, x.to, x.call_value, x.rejected, x.revert, x.confirmed]), url).toEqual(
          all.slice(from, from + count).map((x) => [x.tx_hash, x.internal_hash, n(x.block_number), x.caller_address, x.to_address, n(x.call_value), x.rejected, x.ret !== 'SUCCESS', n(x.block_number) <= m.solidBlock]),
        );
        expect(timing(r.headers), url).toContain('keys.internal_transactions_by_block');
        expect(timing(r.headers).filter((s) => s.startsWith('transaction_')), url).toEqual([]);
      }
      // Each bound alone just past the block's time: nothing.
      for (const q of [`start_timestamp=${n(t) + 1}`, `end_timestamp=${n(t) - 1}`]) {
        expect((await get(`${URL}?block=${b}&${q}`)).body, q).toMatchObject({ rangeTotal: 0, data: [] });
      }
    }
    // A block with the confirm filter reads SQL.
    expect(timing((await get(`${URL}?block=${picks[0]!.b}&confirm=0`)).headers)).not.toContain('keys.internal_transactions_by_block');
  });

  it('filters by time window and confirmation state', async () => {
    const m = await testManifest();
    const a = await busiest();
    const rel = `(caller_address = '${a}' or i.to_address = '${a}')`;
    const [w] = await sql(`select quantile_disc(timestamp, 0.5) mid from raw_internal_transactions i where ${rel}`);
    const from = n(w!.mid);
    const to = from + 3 * 86_400_000;
    const win = await get(`${URL}?address=${a}&start_timestamp=${from}&end_timestamp=${to}&limit=50`);
    expect(win.body.rangeTotal).toBe(await count(`${rel} and timestamp between ${from} and ${to}`));
    expect(win.body.data.every((t: Item) => t.timestamp >= from && t.timestamp <= to)).toBe(true);

    const [s] = await sql(`select count(*) filter (where s = 0) c0, count(*) filter (where s = 1) c1, count(*) all_n from (
        select case when coalesce(x.contract_ret, 'SUCCESS') <> 'SUCCESS' then 2 when i.block_number > ${m.solidBlock} then 1 else 0 end s
        from raw_internal_transactions i left join raw_transactions x on x.tx_hash = i.tx_hash where ${rel})`);
    expect((await get(`${URL}?address=${a}&confirm=0`)).body.rangeTotal).toBe(n(s!.c0));
    expect((await get(`${URL}?address=${a}&confirm=1`)).body.rangeTotal).toBe(n(s!.c1));
    expect((await get(`${URL}?address=${a}&confirm=0,1`)).body.rangeTotal).toBe(n(s!.all_n));
  });

  // Paging of an address (the contract test's sample), limits, the sum rule and a 400 naming each malformed
  // parameter: test/contract/endpoints.test.ts.
  it('an end before the start is a 400 on end_timestamp; no match is 200 empty', async () => {
    for (const [q, param] of [['block=1&start_timestamp=9&end_timestamp=8', 'end_timestamp']] as const) {
      const r = await get(`${URL}?${q}`);
      expect(r.status, q).toBe(400);
      expect(r.body.param, q).toBe(param);
    }
    const nobody = 'TLLM21wteSPs4hKjbxgmH1L6poyMjeTbHm';
    expect(await count(`caller_address = '${nobody}' or to_address = '${nobody}'`)).toBe(0);
    expect((await get(`${URL}?block=1`)).body).toMatchObject({ total: 0, rangeTotal: 0, data: [] });
    const r = await get(`${URL}?address=${nobody}`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ total: 0, rangeTotal: 0, data: [] });
  });
});

describe('GET /api/internal-transaction?address= from key files (issue 32)', () => {
  const timing = (h: Record<string, unknown>) => String(h['server-timing'] ?? '').split(', ').map((t) => t.split(';')[0]!);

  it('an address alone: its internal transactions as caller or callee (a self call once), windows, deep pages, no statement', async () => {
    const a = await busiest();
    const mine = `select * from raw_internal_transactions where caller_address = '${a}' or to_address = '${a}'`;
    for (const { window, where, total, pages } of await keyedPageCases(mine)) {
      for (const [start, limit] of pages) {
        const url = `${URL}?address=${a}&start=${start}${limit === undefined ? '' : `&limit=${limit}`}${window}`;
        const r = await get(url);
        expect(r.status, url).toBe(200);
        const want = await sql(`select tx_hash, internal_hash from (${mine}) where ${where} order by ${NEWEST} limit ${limit ?? 10} offset ${start}`);
        expect(r.body.data.map((t: Item) => `${t.hash}|${t.internal_hash}`), url).toEqual(want.map((w) => `${w.tx_hash}|${w.internal_hash}`));
        expect(r.body.rangeTotal, url).toBe(total);
        expect(timing(r.headers), url).toEqual(['keys.address_internal_transactions']);
      }
    }
    for (const q of ['confirm=0', 'block=1', `contract=${a}`]) {
      expect(timing((await get(`${URL}?address=${a}&${q}`)).headers), q).not.toContain('keys.address_internal_transactions');
    }
  });

  it("a contract alone: the internal transactions of the transactions that called or created it, from the copy by contract's key files (windows, deep pages, no statement)", async () => {
    const m = await testManifest();
    const { contract } = await busiestContract();
    // The parent is joined on the transaction here (the endpoint's SQL path joins on tx_hash alone: both are exact).
    const mine = `select i.*, x.contract_ret ret from raw_internal_transactions i join raw_transactions x on x.tx_hash = i.tx_hash
                  where x.contract_address = '${contract}'`;
    for (const { window, where, total, pages } of await keyedPageCases(mine)) {
      expect(total, window).toBeGreaterThan(0);
      for (const [start, limit] of pages) {
        const url = `${URL}?contract=${contract}&start=${start}${limit === undefined ? '' : `&limit=${limit}`}${window}`;
        const r = await get(url);
        expect(r.status, url).toBe(200);
        const want = await sql(`select * from (${mine}) where ${where} order by ${NEWEST} limit ${limit ?? 10} offset ${start}`);
        expect(r.body.data.map((x: Item) => [x.hash, x.internal_hash, x.block, x.from, x.to, x.call_value, x.rejected, x.revert, x.confirmed]), url).toEqual(
          want.map((x) => [x.tx_hash, x.internal_hash, n(x.block_number), x.caller_address, x.to_address, n(x.call_value), x.rejected, x.ret !== 'SUCCESS', n(x.block_number) <= m.solidBlock]),
        );
        expect(r.body.rangeTotal, url).toBe(total);
        expect(timing(r.headers), url).toEqual(['keys.contract_internal_transactions']);
      }
    }
    // Each bound alone just past the contract's first and last call: nothing.
    const [span] = await sql(`select min(timestamp) lo, max(timestamp) hi from (${mine})`);
    for (const q of [`start_timestamp=${n(span!.hi) + 1}`, `end_timestamp=${n(span!.lo) - 1}`]) {
      expect((await get(`${URL}?contract=${contract}&${q}`)).body, q).toMatchObject({ rangeTotal: 0, data: [] });
    }
    // A contract nothing called: 200 empty from the key files.
    const nobody = 'TLLM21wteSPs4hKjbxgmH1L6poyMjeTbHm';
    expect((await get(`${URL}?contract=${nobody}`)).body).toMatchObject({ total: 0, rangeTotal: 0, data: [] });
    // With another filter the statement answers.
    for (const q of ['confirm=0', 'block=1', `address=${contract}`]) {
      expect(timing((await get(`${URL}?contract=${contract}&${q}`)).headers), q).not.toContain('keys.contract_internal_transactions');
    }
  });
});
