import { describe, expect, it } from 'vitest';
import { get, listAll, sql, testManifest } from '../../helpers/lake.ts';

const n = (v: unknown) => Number(v);
type Item = {
  hash: string;
  block: number;
  block_timestamp: number;
  from: string;
  to: string;
  amount: string;
  approval_amount: string;
  event_type: string;
  confirmed: number;
  revert: number;
  direction: number;
  status: number;
};
const URL = '/api/token_trc20/transfers-with-status';

/** The (token, wallet) pair with the most TRC20 transfers, where the wallet also granted approvals when possible. */
async function wallet(): Promise<{ token: string; a: string }> {
  const [r] = await sql(`with t as (
      select contract_address c, a, count(*) n from (
        select contract_address, from_address a from raw_token_transfers where token_standard = 'trc20'
        union all select contract_address, to_address a from raw_token_transfers where token_standard = 'trc20')
      where a <> 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb' group by 1, 2),
    ap as (select contract_address c, owner_address a, count(*) n from raw_token_approvals group by 1, 2)
    select t.c, t.a from t left join ap on ap.c = t.c and ap.a = t.a order by (ap.n is not null) desc, t.n desc, t.c, t.a limit 1`);
  return { token: String(r!.c), a: String(r!.a) };
}

const rowKey = (t: Item) => `${t.hash}|${t.event_type}|${t.from}|${t.to}|${t.amount}|${t.approval_amount}`;

/** Expected rows, newest (or oldest) first: transfers sent/received and approvals granted/received, written in plain SQL. */
async function expected(token: string, a: string, parts: ('out' | 'in' | 'approvalsOwner' | 'approvalsSpender')[], asc = false): Promise<string[]> {
  const sel: string[] = [];
  if (parts.includes('out')) sel.push(`select tx_hash, timestamp, block_number, (select x.tx_index from raw_transactions x where x.tx_hash = r.tx_hash) pos, log_index, event_type e, from_address f, to_address t, amount_raw amt, '0' appr, batch_index bi from raw_token_transfers r where contract_address = '${token}' and from_address = '${a}'`);
  if (parts.includes('in')) sel.push(`select tx_hash, timestamp, block_number, (select x.tx_index from raw_transactions x where x.tx_hash = r.tx_hash) pos, log_index, event_type e, from_address f, to_address t, amount_raw amt, '0' appr, batch_index bi from raw_token_transfers r where contract_address = '${token}' and to_address = '${a}'`);
  if (parts.includes('approvalsOwner')) sel.push(`select tx_hash, timestamp, block_number, (select x.tx_index from raw_transactions x where x.tx_hash = r.tx_hash) pos, log_index, event_type e, owner_address f, spender_address t, '0' amt, amount_raw appr, 0 bi from raw_token_approvals r where contract_address = '${token}' and owner_address = '${a}'`);
  if (parts.includes('approvalsSpender')) sel.push(`select tx_hash, timestamp, block_number, (select x.tx_index from raw_transactions x where x.tx_hash = r.tx_hash) pos, log_index, event_type e, owner_address f, spender_address t, '0' amt, amount_raw appr, 0 bi from raw_token_approvals r where contract_address = '${token}' and spender_address = '${a}'`);
  const dir = asc ? 'asc' : 'desc';
  const rows = await sql(`select distinct * from (${sel.join(' union all ')}) order by timestamp ${dir}, block_number ${dir}, pos ${dir}, log_index ${dir}, bi ${dir}`);
  return rows.map((r) => `${r.tx_hash}|${r.e}|${r.f}|${r.t}|${r.amt}|${r.appr}`);
}

const listTransfers = (q: string): Promise<Item[]> => listAll<Item>(`${URL}?${q}`);

describe('GET /api/token_trc20/transfers-with-status', () => {
  it('defaults: 20 newest transfers sent by the wallet, wallet-style envelope with a total', async () => {
    const { token, a } = await wallet();
    const want = await expected(token, a, ['out']);
    expect(want.length).toBeGreaterThan(0);
    const { status, body } = await get(`${URL}?trc20Id=${token}&address=${a}`);
    expect(status).toBe(200);
    expect(body.code).toBe(200);
    // The wallet style of the reference has no total; ours adds one (issue 8 point 3, docs/compat.md).
    expect(body.rangeTotal).toBe(want.length);
    expect(body.total).toBe(Math.min(want.length, 10000));
    expect(body.page_size).toBe(body.data.length);
    expect(body.data.map(rowKey)).toEqual(want.slice(0, 20));
    expect(body.tokenInfo.tokenId).toBe(token);
    expect(body.data.every((t: Item) => t.from === a && t.direction === 1 && t.event_type === 'Transfer')).toBe(true);
    expect(Object.keys(body.contractMap)).toContain(a);
  });

  it('shows ints for confirmed / revert and the token fields', async () => {
    const m = await testManifest();
    const { token, a } = await wallet();
    const [tok] = await sql(`select * from dim_tokens where token_id = '${token}'`);
    const [r] = await sql(`select t.*, coalesce(x.contract_ret, 'SUCCESS') ret from raw_token_transfers t left join raw_transactions x on x.tx_hash = t.tx_hash
                           where t.contract_address = '${token}' and t.from_address = '${a}' order by t.timestamp desc, t.block_number desc, x.tx_index desc, t.log_index desc limit 1`);
    const { body } = await get(`${URL}?trc20Id=${token}&address=${a}&limit=1`);
    expect(body.data[0]).toMatchObject({
      hash: r!.tx_hash,
      block: n(r!.block_number),
      block_timestamp: n(r!.timestamp),
      from: a,
      to: r!.to_address,
      amount: String(r!.amount_raw),
      event_type: 'Transfer',
      contract_address: token,
      id: token,
      token_name: tok!.name,
      decimals: n(tok!.decimals),
      issue_address: tok!.issuer_address,
      confirmed: n(r!.block_number) <= m.solidBlock ? 1 : 0,
      revert: r!.ret === 'SUCCESS' ? 0 : 1,
      contract_type: 'TriggerSmartContract',
      contractType: 31,
      contract_ret: r!.ret,
      direction: 1,
    });
    expect(typeof body.data[0].confirmed).toBe('number');
  });

  it('direction 2 lists received transfers; direction 0 the approvals; db_version=1 merges approvals', async () => {
    const { token, a } = await wallet();
    const received = await listTransfers(`trc20Id=${token}&address=${a}&direction=2`);
    expect(received.map(rowKey)).toEqual(await expected(token, a, ['in']));
    expect(received.every((t) => t.to === a && t.direction === 2)).toBe(true);

    const approvals = await listTransfers(`trc20Id=${token}&address=${a}&direction=0`);
    const wantApprovals = await expected(token, a, ['approvalsOwner']);
    expect(wantApprovals.length).toBeGreaterThan(0);
    expect(approvals.map(rowKey)).toEqual(wantApprovals);
    expect(approvals.every((t) => t.event_type.startsWith('Approval') && t.from === a && t.amount === '0')).toBe(true);

    const outWith = await listTransfers(`trc20Id=${token}&address=${a}&direction=1&db_version=1`);
    expect(outWith.map(rowKey)).toEqual(await expected(token, a, ['out', 'approvalsOwner']));
    const outWithout = await listTransfers(`trc20Id=${token}&address=${a}&direction=1&db_version=0`);
    expect(outWithout.map(rowKey)).toEqual(await expected(token, a, ['out']));
    const inWith = await listTransfers(`trc20Id=${token}&address=${a}&direction=2&db_version=1`);
    expect(inWith.map(rowKey)).toEqual(await expected(token, a, ['in', 'approvalsSpender']));
  });

  it('reverse=false lists oldest first; pages are disjoint and ordered', async () => {
    const { token, a } = await wallet();
    const asc = await get(`${URL}?trc20Id=${token}&address=${a}&reverse=false&limit=10`);
    expect(asc.body.data.map(rowKey)).toEqual((await expected(token, a, ['out'], true)).slice(0, 10));
    const desc = await get(`${URL}?trc20Id=${token}&address=${a}&reverse=true&limit=10`);
    expect(desc.body.data.map(rowKey)).toEqual((await expected(token, a, ['out'])).slice(0, 10));
    const p1 = (await get(`${URL}?trc20Id=${token}&address=${a}&direction=2&start=0&limit=3`)).body.data as Item[];
    const p2 = (await get(`${URL}?trc20Id=${token}&address=${a}&direction=2&start=3&limit=3`)).body.data as Item[];
    const both = (await get(`${URL}?trc20Id=${token}&address=${a}&direction=2&start=0&limit=6`)).body.data as Item[];
    expect([...p1, ...p2].map(rowKey)).toEqual(both.map(rowKey));
    const ts = both.map((t) => t.block_timestamp);
    expect(ts).toEqual([...ts].sort((x, y) => y - x));
  });

  it("transfers alone come from address_trc20_transfers' key files; approvals and a TRC1155 contract's transfers from the statement", async () => {
    const timing = async (q: string) => String((await get(`${URL}?${q}`)).headers['server-timing']);
    // A wallet whose TRC20 and TRC721 rows the kit scans whole (at most 4,096), with transfers of one token both ways.
    const [quiet] = await sql(`with sides as (
        select contract_address c, from_address a, 1 o from raw_token_transfers where token_standard in ('trc20', 'trc721')
        union all select contract_address c, to_address a, 0 o from raw_token_transfers where token_standard in ('trc20', 'trc721')),
      per as (select a, count(*) n from sides group by a)
      select s.c, s.a from sides s join per on per.a = s.a where per.n between 40 and 2000 and s.a <> 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb'
      group by s.c, s.a having sum(o) >= 5 and count(*) - sum(o) >= 5 order by count(*) desc, s.c, s.a limit 1`);
    const [qt, qa] = [String(quiet!.c), String(quiet!.a)];
    for (const [q, part, asc] of [[`trc20Id=${qt}&address=${qa}`, 'out', false], [`trc20Id=${qt}&address=${qa}&direction=2&reverse=false`, 'in', true]] as const) {
      expect(await timing(q), q).toContain('keys.address_trc20_transfers');
      expect(await timing(q), q).not.toContain('transaction_token-trc20-transfers-with-status');
      const { body } = await get(`${URL}?${q}&limit=50`);
      const want = await expected(qt, qa, [part], asc);
      expect(body.rangeTotal, q).toBe(want.length);
      expect(body.data.map(rowKey), q).toEqual(want.slice(0, 50));
    }
    const { token, a } = await wallet();
    for (const q of [`trc20Id=${token}&address=${a}&direction=0`, `trc20Id=${token}&address=${a}&db_version=1`]) {
      expect(await timing(q), q).toContain('transaction_token-trc20-transfers-with-status');
    }
    // The wallet with the most transfers of one TRC1155 contract (its rows are in address_token_transfers only).
    const [w] = await sql(`select contract_address c, a, count(*) n from (
        select contract_address, to_address a from raw_token_transfers where token_standard = 'trc1155'
        union all select contract_address, from_address a from raw_token_transfers where token_standard = 'trc1155')
      where a <> 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb' group by 1, 2 order by n desc, c, a limit 1`);
    const [c, holder] = [String(w!.c), String(w!.a)];
    for (const [direction, part] of [['2', 'in'], ['1', 'out']] as const) {
      const want = await expected(c, holder, [part]);
      const got = await listTransfers(`trc20Id=${c}&address=${holder}&direction=${direction}`);
      expect(got.map(rowKey), direction).toEqual(want);
      expect(got.every((t) => t.direction === Number(direction)), direction).toBe(true);
    }
    expect((await expected(c, holder, ['in', 'out'])).some((k) => k.split('|')[1]!.startsWith('TransferSingle') || k.split('|')[1]!.startsWith('TransferBatch'))).toBe(true);
    expect(await timing(`trc20Id=${c}&address=${holder}&direction=2`)).toContain('transaction_token-trc20-transfers-with-status');
  });

  it('clamps limit, applies the sum rule, requires trc20Id and address, rejects bad input', async () => {
    const { token, a } = await wallet();
    const total = (await expected(token, a, ['in'])).length;
    expect((await get(`${URL}?trc20Id=${token}&address=${a}&direction=2&limit=500`)).body.data).toHaveLength(Math.min(50, total));
    expect((await get(`${URL}?trc20Id=${token}&address=${a}&start=9990&limit=50`)).body.data.length).toBeLessThanOrEqual(10);
    expect((await get(`${URL}?trc20Id=${token}&address=${a}&start=10000`)).body).toMatchObject({ error: 'OUT_OF_WINDOW', param: 'start' });
    expect((await get(`${URL}?address=${a}`)).body).toMatchObject({ error: 'MISSING_PARAMETER', param: 'trc20Id' });
    expect((await get(`${URL}?trc20Id=${token}`)).body).toMatchObject({ error: 'MISSING_PARAMETER', param: 'address' });
    for (const [q, param] of [
      [`trc20Id=abc&address=${a}`, 'trc20Id'],
      [`trc20Id=${token}&address=T0`, 'address'],
      [`trc20Id=${token}&address=${a}&direction=3`, 'direction'],
      [`trc20Id=${token}&address=${a}&db_version=2`, 'db_version'],
      [`trc20Id=${token}&address=${a}&reverse=sometimes`, 'reverse'],
      [`trc20Id=${token}&address=${a}&limit=many`, 'limit'],
    ] as const) {
      const r = await get(`${URL}?${q}`);
      expect(r.status, q).toBe(400);
      expect(r.body.param, q).toBe(param);
    }
  });

  it('no match is 200 with an empty list', async () => {
    const { token } = await wallet();
    const nobody = 'TLLM21wteSPs4hKjbxgmH1L6poyMjeTbHm';
    const [c] = await sql(`select count(*) n from raw_token_transfers where from_address = '${nobody}' or to_address = '${nobody}'`);
    expect(n(c!.n)).toBe(0);
    const r = await get(`${URL}?trc20Id=${token}&address=${nobody}`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ code: 200, page_size: 0, data: [] });
  });
});
