import { describe, expect, it } from 'vitest';
import { findInPages, get, sql, testManifest } from '../../helpers/lake.ts';

const n = (v: unknown) => Number(v);
type Tx = { hash: string; block: number; timestamp: number; ownerAddress: string; toAddress: string; contractType: number };

async function busiest(): Promise<string> {
  const [r] = await sql(`select a from (select owner_address a from raw_transactions union all select coalesce(to_address, contract_address) a from raw_transactions where coalesce(to_address, contract_address) is not null)
                         group by a order by count(*) desc, a limit 1`);
  return String(r!.a);
}

describe('GET /api/transaction', () => {
  it('defaults: 10 newest transactions, totals over the chain', async () => {
    const [c] = await sql('select count(*) as n from raw_transactions');
    const top = await sql('select tx_hash from raw_transactions order by timestamp desc, block_number desc, tx_index desc limit 10');
    const { status, body } = await get('/api/transaction');
    expect(status).toBe(200);
    expect(body.rangeTotal).toBe(n(c!.n));
    expect(body.total).toBe(Math.min(n(c!.n), 10000));
    // Whole chain (docs/compat.md "Whole-chain figures"): the pre-window total as of the block before the lake's
    // first one + the lake's transactions; null without it (the ingested lake has none), 0 + the lake's from genesis.
    const [first] = await sql('select min(block_number) as b from raw_blocks');
    const pre = n(first!.b) === 0 ? [{ tx: 0 }] : await sql(`select tx_count as tx from dim_pre_window_totals where as_of_block = ${n(first!.b) - 1}`);
    expect(body.wholeChainTxCount).toBe(pre.length === 0 ? null : n(pre[0]!.tx) + n(c!.n));
    expect((await get('/api/block?limit=1')).body.wholeChainTxCount).toBe(body.wholeChainTxCount);
    expect(body.data.map((t: Tx) => t.hash)).toEqual(top.map((r) => r.tx_hash));
  });

  it('shows a transaction with the reference fields and units', async () => {
    const [r] = await sql(`select * from raw_transactions where contract_type = 31 and method_id = 'a9059cbb' and contract_ret = 'SUCCESS' order by block_number limit 1`);
    const m = await testManifest();
    const { item: t, body } = await findInPages<any>(`/api/transaction?block=${r!.block_number}`, (x: Tx) => x.hash === r!.tx_hash);
    expect(t).toMatchObject({
      block: n(r!.block_number),
      timestamp: n(r!.timestamp),
      ownerAddress: r!.owner_address,
      contractType: 31,
      confirmed: n(r!.block_number) <= m.solidBlock,
      revert: false,
      contractRet: 'SUCCESS',
      amount: String(r!.amount),
      tokenType: 'trc20',
    });
    expect(t.cost).toMatchObject({ fee: n(r!.fee), energy_usage_total: n(r!.energy_usage_total), net_usage: n(r!.net_usage), net_fee: n(r!.net_fee) });
    expect(t.trigger_info.methodId).toBe('a9059cbb');
    expect(t.trigger_info.method).toBe('transfer(address _to,uint256 _value)');
    // The amount in the call data, decoded here independently.
    expect(t.trigger_info.parameter._value).toBe(BigInt('0x' + String(r!.call_data).slice(72, 136)).toString());
    expect(t.contractData.contract_address).toBe(r!.contract_address);
    expect(body.contractMap[String(r!.contract_address)]).toBe(true);
  });

  it('an address of any size gets the same page both ways (hubs search time windows, others sort)', async () => {
    // The busiest address of each size class the lake has: a hub (more than 2,000 transactions) and a quiet one.
    const side = `select owner_address a, tx_hash from raw_transactions union
                  select coalesce(to_address, contract_address) a, tx_hash from raw_transactions where coalesce(to_address, contract_address) is not null`;
    const sizes = await sql(`select a, count(*) n from (${side}) group by a
                             qualify row_number() over (partition by count(*) > 2000 order by count(*) desc, a) = 1`);
    expect(sizes.length).toBeGreaterThan(0);
    for (const { a, n: rows } of sizes) {
      for (const [sort, dir] of [['-timestamp', 'desc'], ['timestamp', 'asc']] as const) {
        const want = await sql(`select tx_hash from raw_transactions where owner_address = '${a}' or coalesce(to_address, contract_address) = '${a}'
                                order by timestamp ${dir}, block_number ${dir}, tx_index ${dir} limit 20 offset 5`);
        const { body } = await get(`/api/transaction?address=${a}&sort=${sort}&start=5&limit=20`);
        expect(body.rangeTotal, `${a} ${sort}`).toBe(n(rows));
        expect(body.data.map((t: Tx) => t.hash), `${a} ${sort}`).toEqual(want.map((r) => r.tx_hash));
      }
    }
  });

  it('one side of an address: every page, both sorts, windows, equal to its raw rows (key files and stored sides, issue 32)', async () => {
    const side = `select owner_address a, tx_hash from raw_transactions union
                  select coalesce(to_address, contract_address) a, tx_hash from raw_transactions where coalesce(to_address, contract_address) is not null`;
    // The busiest hub (more than 2,000 transactions) and the busiest quiet address the lake has.
    const sizes = await sql(`select a from (${side}) group by a qualify row_number() over (partition by count(*) > 2000 order by count(*) desc, a) = 1`);
    const [w] = await sql('select quantile_disc(timestamp, 0.5) as mid from raw_transactions');
    const windows = ['', `&start_timestamp=${n(w!.mid)}`, `&end_timestamp=${n(w!.mid)}`, `&start_timestamp=${n(w!.mid) - 86_400_000}&end_timestamp=${n(w!.mid) + 3_600_000}`];
    for (const { a } of sizes) {
      for (const [direction, where] of [['out', `owner_address = '${a}'`], ['in', `coalesce(to_address, contract_address) = '${a}'`]] as const) {
        for (const win of windows) {
          const bounds = win.split('&').filter(Boolean).map((b) => (b.startsWith('start') ? `timestamp >= ${b.split('=')[1]}` : `timestamp <= ${b.split('=')[1]}`));
          const filter = [where, ...bounds].join(' and ');
          const [c] = await sql(`select count(*) as n from raw_transactions where ${filter}`);
          for (const [sort, dir] of [['-timestamp', 'desc'], ['timestamp', 'asc']] as const) {
            for (const start of [0, 7, 300, 3000, 9950]) {
              const url = `/api/transaction?address=${a}&direction=${direction}&sort=${sort}&start=${start}&limit=${start === 9950 ? 50 : 20}${win}`;
              const want = await sql(`select tx_hash from raw_transactions where ${filter} order by timestamp ${dir}, block_number ${dir}, tx_index ${dir}
                                      limit ${start === 9950 ? 50 : 20} offset ${start}`);
              const { body } = await get(url);
              expect(body.rangeTotal, url).toBe(n(c!.n));
              expect(body.data.map((t: Tx) => t.hash), url).toEqual(want.map((r) => r.tx_hash));
            }
          }
        }
      }
    }
  });

  it('filters by address and direction', async () => {
    const a = await busiest();
    // The receiving side of a contract call is the called contract.
    const [c] = await sql(`select count(*) filter (where owner_address = '${a}') as out_n,
                                  count(*) filter (where coalesce(to_address, contract_address) = '${a}') as in_n,
                                  count(*) filter (where owner_address = '${a}' or coalesce(to_address, contract_address) = '${a}') as all_n
                           from raw_transactions`);
    expect(n(c!.all_n)).toBeGreaterThan(60);
    const all = await get(`/api/transaction?address=${a}&limit=50`);
    expect(all.body.rangeTotal).toBe(n(c!.all_n));
    expect(all.body.data.every((t: Tx) => t.ownerAddress === a || t.toAddress === a)).toBe(true);
    expect((await get(`/api/transaction?address=${a}&direction=out`)).body.rangeTotal).toBe(n(c!.out_n));
    const inbound = await get(`/api/transaction?address=${a}&direction=in&limit=50`);
    expect(inbound.body.rangeTotal).toBe(n(c!.in_n));
    expect(inbound.body.data.every((t: Tx) => t.toAddress === a)).toBe(true);
    // A contract's callers: calls are filed under the called contract.
    const [k] = await sql(`select contract_address as k from raw_transactions where contract_type = 31 group by 1 order by count(*) desc limit 1`);
    const [kn] = await sql(`select count(*) as n from raw_transactions where coalesce(to_address, contract_address) = '${k!.k}' and owner_address <> '${k!.k}'`);
    expect(n(kn!.n)).toBeGreaterThan(0);
    expect((await get(`/api/transaction?address=${k!.k}&direction=in`)).body.rangeTotal).toBe(n(kn!.n));
    expect((await get(`/api/transaction?fromAddress=${a}`)).body.rangeTotal).toBe(n(c!.out_n));
    expect((await get(`/api/transaction?toAddress=${a}`)).body.rangeTotal).toBe(n(c!.in_n));
  });

  it("an address's page and total with no other filter are its key file's span, equal to its rows; any filter counts them (issue 32)", async () => {
    const side = `select owner_address a, tx_hash from raw_transactions union
                  select coalesce(to_address, contract_address) a, tx_hash from raw_transactions where coalesce(to_address, contract_address) is not null`;
    // A signer only, a receiver only, a called contract, an address with a transaction to itself, picked by SQL.
    const recv = `select coalesce(to_address, contract_address) from raw_transactions where coalesce(to_address, contract_address) is not null`;
    const picks = await sql(`
      (select owner_address a from raw_transactions where owner_address in (select owner_address from raw_transactions except ${recv}) group by 1 order by count(*) desc, 1 limit 1)
      union (select to_address from raw_transactions where to_address in (select to_address from raw_transactions where to_address is not null except select owner_address from raw_transactions) group by 1 order by count(*) desc, 1 limit 1)
      union (select contract_address from raw_transactions where contract_type = 31 group by 1 order by count(*) desc, 1 limit 1)
      union (select owner_address from raw_transactions where coalesce(to_address, contract_address) = owner_address group by 1 order by count(*) desc, 1 limit 1)`);
    expect(picks.length).toBeGreaterThanOrEqual(2);
    const timing = (h: Record<string, unknown>) => String(h['server-timing'] ?? '').split(', ').map((t) => t.split(';')[0]!);
    for (const { a } of picks) {
      const [c] = await sql(`select count(*) as n from (${side}) where a = '${a}'`);
      const r = await get(`/api/transaction?address=${a}&limit=20`);
      expect(r.body.rangeTotal, String(a)).toBe(n(c!.n));
      expect(r.body.data.length, String(a)).toBe(Math.min(20, n(c!.n)));
      expect(timing(r.headers), String(a)).toContain('keys.address_transactions');
      expect(timing(r.headers).filter((t) => t.startsWith('transaction_')), String(a)).toEqual([]);
      // One side: the key's rows of that side, the total stored per side; a signer only's rows are all of that side,
      // so no statement reads the copy (a sparse side, e.g. a contract's signed rows, may be read through SQL).
      const [o] = await sql(`select count(*) as n from raw_transactions where owner_address = '${a}'`);
      const out = await get(`/api/transaction?address=${a}&direction=out&limit=20`);
      expect(out.body.rangeTotal, String(a)).toBe(n(o!.n));
      if (n(o!.n) === n(c!.n)) {
        expect(timing(out.headers), String(a)).toContain('keys.address_transactions');
        expect(timing(out.headers).filter((t) => t.startsWith('transaction_')), String(a)).toEqual([]);
      }
    }
    // An address the lake never saw: no stored row, a total of 0.
    const none = await get('/api/transaction?address=T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb&limit=20');
    expect(none.body).toMatchObject({ total: 0, rangeTotal: 0, data: [] });
  });

  it('a block alone and no filter at all read the copy by block\'s key files: pages, windows, both sorts as the SQL orders them (issue 32)', async () => {
    const timing = (h: Record<string, unknown>) => String(h['server-timing'] ?? '').split(', ').map((t) => t.split(';')[0]!);
    const hashes = (body: { data: Tx[] }) => body.data.map((t) => t.hash);
    const order = (dir: string) => `timestamp ${dir}, block_number ${dir}, tx_index ${dir}`;
    const [c] = await sql('select count(*) as n, min(timestamp) as lo, max(timestamp) as hi from raw_transactions');
    const [lo, hi] = [n(c!.lo), n(c!.hi)];
    const mid = Math.floor((lo + hi) / 2);
    // Every transaction: defaults, deep offsets, each window bound alone and both, both sorts by both keys.
    const cases: [string, string, string][] = [['', '', 'desc']];
    for (const [sort, dir] of [['-timestamp', 'desc'], ['timestamp', 'asc'], ['-block', 'desc'], ['block', 'asc']] as const) {
      cases.push([`sort=${sort}&start=9950&limit=50`, '', dir], [`sort=${sort}&start=37&limit=13`, '', dir]);
      cases.push([`sort=${sort}&start_timestamp=${mid}&start=5&limit=20`, `timestamp >= ${mid}`, dir]);
      cases.push([`sort=${sort}&end_timestamp=${mid}&start=5&limit=20`, `timestamp <= ${mid}`, dir]);
      cases.push([`sort=${sort}&start_timestamp=${mid - 86_400_000}&end_timestamp=${mid}&limit=20`, `timestamp between ${mid - 86_400_000} and ${mid}`, dir]);
    }
    for (const [q, where, dir] of cases) {
      const url = `/api/transaction?${q}`;
      const [start, limit] = [Number(/start=(\d+)/.exec(q)?.[1] ?? 0), Number(/limit=(\d+)/.exec(q)?.[1] ?? 10)];
      const w = where ? `where ${where}` : '';
      const want = await sql(`select tx_hash from raw_transactions ${w} order by ${order(dir)} limit ${limit} offset ${start}`);
      const [k] = await sql(`select count(*) as n from raw_transactions ${w}`);
      const r = await get(url);
      expect(r.status, url).toBe(200);
      expect(r.body.rangeTotal, url).toBe(n(k!.n));
      expect(hashes(r.body), url).toEqual(want.map((x) => x.tx_hash));
      expect(timing(r.headers), url).toContain('keys.transactions_by_block');
      expect(timing(r.headers).filter((t) => t.startsWith('transaction_')), url).toEqual([]);
    }
    // A block alone: the fullest block, its last page, a window bound alone at its time (inside, then past it).
    const [b] = await sql('select block_number, timestamp, count(*) as n from raw_transactions group by all order by n desc, block_number limit 1');
    const [blk, t] = [n(b!.block_number), n(b!.timestamp)];
    for (const [q, dir, rows] of [
      ['', 'desc', true], ['sort=timestamp&start=1&limit=3', 'asc', true], ['sort=-block&start=2&limit=2', 'desc', true], ['sort=block', 'asc', true],
      [`start_timestamp=${t}`, 'desc', true], [`end_timestamp=${t}`, 'desc', true], [`start_timestamp=${t + 1}`, 'desc', false], [`end_timestamp=${t - 1}`, 'desc', false],
    ] as const) {
      const url = `/api/transaction?block=${blk}${q ? `&${q}` : ''}`;
      const [start, limit] = [Number(/start=(\d+)/.exec(q)?.[1] ?? 0), Number(/limit=(\d+)/.exec(q)?.[1] ?? 10)];
      const want = rows ? await sql(`select tx_hash from raw_transactions where block_number = ${blk} order by ${order(dir)} limit ${limit} offset ${start}`) : [];
      const r = await get(url);
      expect(r.body.rangeTotal, url).toBe(rows ? n(b!.n) : 0);
      expect(hashes(r.body), url).toEqual(want.map((x) => x.tx_hash));
      expect(timing(r.headers), url).toContain('keys.transactions_by_block');
    }
    // A block the lake does not hold; a block with types keeps them from its rows (the same bytes as SQL, which a
    // token filter reads).
    const [e] = await sql('select max(block_number) + 1 as b from raw_blocks');
    expect((await get(`/api/transaction?block=${n(e!.b)}`)).body).toMatchObject({ total: 0, rangeTotal: 0, data: [] });
    const typed = await get(`/api/transaction?block=${blk}&type=1,2,31`);
    expect(timing(typed.headers)).toContain('keys.transactions_by_block');
    const [bt] = await sql(`select count(*) as n from raw_transactions where block_number = ${blk} and contract_type in (1, 2, 31)`);
    expect(typed.body.rangeTotal).toBe(n(bt!.n));
    expect(timing((await get(`/api/transaction?block=${blk}&tokens=trx`)).headers)).not.toContain('keys.transactions_by_block');
  });

  it('filters by type (number or name), token, block and time window', async () => {
    const [c] = await sql(`select count(*) filter (where contract_type = 1) as trx, count(*) filter (where contract_type in (1, 2)) as both_n from raw_transactions`);
    expect((await get('/api/transaction?type=1')).body.rangeTotal).toBe(n(c!.trx));
    expect((await get('/api/transaction?type=TransferContract')).body.rangeTotal).toBe(n(c!.trx));
    expect((await get('/api/transaction?type=1,2')).body.rangeTotal).toBe(n(c!.both_n));
    expect((await get('/api/transaction?tokens=trx')).body.rangeTotal).toBe(n(c!.trx));
    const [k] = await sql(`select token_id, count(*) as n from raw_transactions where contract_type = 2 group by 1 order by 2 desc limit 1`);
    expect((await get(`/api/transaction?tokens=${k!.token_id}`)).body.rangeTotal).toBe(n(k!.n));
    const [w] = await sql('select min(timestamp) as lo from raw_transactions');
    const from = n(w!.lo) + 3 * 86_400_000;
    const to = from + 86_400_000;
    const [cw] = await sql(`select count(*) as n from raw_transactions where timestamp between ${from} and ${to}`);
    const r = await get(`/api/transaction?start_timestamp=${from}&end_timestamp=${to}&limit=50`);
    expect(r.body.rangeTotal).toBe(n(cw!.n));
    expect(r.body.data.every((t: Tx) => t.timestamp >= from && t.timestamp <= to)).toBe(true);
  });

  it('filters by confirmation state and combinations', async () => {
    const m = await testManifest();
    const [c] = await sql(`select count(*) filter (where contract_ret <> 'SUCCESS') as reverted,
                                  count(*) filter (where contract_ret = 'SUCCESS' and block_number > ${m.solidBlock}) as unconfirmed,
                                  count(*) filter (where contract_ret = 'SUCCESS' and block_number <= ${m.solidBlock}) as confirmed
                           from raw_transactions`);
    expect(n(c!.reverted)).toBeGreaterThan(0);
    expect((await get('/api/transaction?confirm=0')).body.rangeTotal).toBe(n(c!.confirmed));
    expect((await get('/api/transaction?confirm=1')).body.rangeTotal).toBe(n(c!.unconfirmed));
    const rev = await get('/api/transaction?confirm=2&limit=20');
    expect(rev.body.rangeTotal).toBe(n(c!.reverted));
    expect(rev.body.data.every((t: { revert: boolean; contractRet: string }) => t.revert && t.contractRet !== 'SUCCESS')).toBe(true);
    expect((await get('/api/transaction?confirm=0,1')).body.rangeTotal).toBe(n(c!.confirmed) + n(c!.unconfirmed));
  });

  it('every confirm set, with and without types, counts exactly (stored counts, issue 32)', async () => {
    const m = await testManifest();
    // SPEC §3 states, written here: 2 when the result is not SUCCESS, else 1 above the solid block, else 0.
    const rows = await sql(`select contract_type t, case when contract_ret <> 'SUCCESS' then 2 when block_number > ${m.solidBlock} then 1 else 0 end s, count(*) n
                            from raw_transactions group by all`);
    const expected = (types: number[] | null, states: number[]) =>
      rows.filter((r) => (types === null || types.includes(n(r.t))) && states.includes(n(r.s))).reduce((a, r) => a + n(r.n), 0);
    expect(expected(null, [1])).toBeGreaterThan(0);
    expect(expected(null, [2])).toBeGreaterThan(0);
    const [top] = await sql(`select contract_type t from raw_transactions where contract_ret <> 'SUCCESS' group by 1 order by count(*) desc, 1 limit 1`);
    const sets = [[0], [1], [2], [0, 1], [0, 2], [1, 2], [0, 1, 2]];
    for (const types of [null, [1], [n(top!.t)], [1, n(top!.t), 4]]) {
      for (const states of sets) {
        const url = `/api/transaction?confirm=${states.join(',')}${types ? `&type=${types.join(',')}` : ''}&limit=1`;
        const r = await get(url);
        expect(r.body.rangeTotal, url).toBe(expected(types, states));
        expect(r.body.total, url).toBe(Math.min(expected(types, states), 10000));
      }
    }
  });

  it('types and states: pages, both sorts, windows and a block equal the raw rows (key files kept by filter, issue 32)', async () => {
    const m = await testManifest();
    const state = `case when contract_ret <> 'SUCCESS' then 2 when block_number > ${m.solidBlock} then 1 else 0 end`;
    const [w] = await sql('select quantile_disc(timestamp, 0.5) as mid from raw_transactions');
    const [b] = await sql(`select block_number b from raw_transactions group by 1 order by count(*) desc, 1 limit 1`);
    const [top] = await sql(`select contract_type t from raw_transactions where contract_ret <> 'SUCCESS' group by 1 order by count(*) desc, 1 limit 1`);
    const cases: [string, string][] = [
      ['type=1&confirm=0,1', `contract_type = 1 and ${state} in (0, 1)`],
      [`confirm=2`, `${state} = 2`],
      [`confirm=1`, `${state} = 1`],
      [`type=${n(top!.t)}&confirm=2`, `contract_type = ${n(top!.t)} and ${state} = 2`],
      [`type=1,${n(top!.t)}`, `contract_type in (1, ${n(top!.t)})`],
      [`confirm=0&start_timestamp=${n(w!.mid)}`, `${state} = 0 and timestamp >= ${n(w!.mid)}`],
      [`type=1&end_timestamp=${n(w!.mid)}`, `contract_type = 1 and timestamp <= ${n(w!.mid)}`],
      [`confirm=0,2&block=${n(b!.b)}`, `${state} in (0, 2) and block_number = ${n(b!.b)}`],
    ];
    for (const [q, where] of cases) {
      const [c] = await sql(`select count(*) as n from raw_transactions where ${where}`);
      for (const [sort, dir] of [['-timestamp', 'desc'], ['timestamp', 'asc']] as const) {
        for (const [start, limit] of [[0, 10], [7, 20], [300, 50], [9950, 50]]) {
          const url = `/api/transaction?${q}&sort=${sort}&start=${start}&limit=${limit}`;
          const want = await sql(`select tx_hash from raw_transactions where ${where} order by timestamp ${dir}, block_number ${dir}, tx_index ${dir} limit ${limit} offset ${start}`);
          const { body } = await get(url);
          expect(body.rangeTotal, url).toBe(n(c!.n));
          expect(body.data.map((t: Tx) => t.hash), url).toEqual(want.map((r) => r.tx_hash));
        }
      }
    }
  });

  it('sorts by timestamp and block both ways', async () => {
    const [lo] = await sql('select tx_hash from raw_transactions order by timestamp, block_number, tx_index limit 1');
    const [hi] = await sql('select tx_hash from raw_transactions order by timestamp desc, block_number desc, tx_index desc limit 1');
    expect((await get('/api/transaction?sort=timestamp&limit=1')).body.data[0].hash).toBe(lo!.tx_hash);
    expect((await get('/api/transaction?sort=-timestamp&limit=1')).body.data[0].hash).toBe(hi!.tx_hash);
    expect((await get('/api/transaction?sort=block&limit=1')).body.data[0].hash).toBe(lo!.tx_hash);
    expect((await get('/api/transaction?sort=-block&limit=1')).body.data[0].hash).toBe(hi!.tx_hash);
  });

  // Paging, limits, the sum rule and a 400 naming each malformed parameter of the fact-table path:
  // test/contract/endpoints.test.ts. The address path (the by-address copy) here.
  it('pages of an address are disjoint and ordered', async () => {
    const a = await busiest();
    for (const base of [`/api/transaction?address=${a}&`]) {
      const p1 = (await get(`${base}start=0&limit=20`)).body.data as Tx[];
      const p2 = (await get(`${base}start=20&limit=20`)).body.data as Tx[];
      const both = (await get(`${base}start=0&limit=40`)).body.data as Tx[];
      expect([...p1, ...p2].map((t) => t.hash)).toEqual(both.map((t) => t.hash));
      expect(new Set(both.map((t) => t.hash)).size).toBe(40);
      const ts = both.map((t) => t.timestamp);
      expect(ts).toEqual([...ts].sort((x, y) => y - x));
    }
  });

  it('no match is 200 with an empty list', async () => {
    const r = await get('/api/transaction?address=T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb&direction=out');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ total: 0, rangeTotal: 0, data: [] });
  });
});
