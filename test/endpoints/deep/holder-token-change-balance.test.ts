/**
 * /api/account/holderToken/asset/changeBalance: one account's net change and running balance of a token per day it
 * moved, against independent ledgers over the raw tables (holder-token-ledger.ts): every day, change and balance to
 * the last digit, `type`, the endTime bound alone and its default, TRX, every 400, CSV.
 */
import { describe, expect, it } from 'vitest';
import { get, sql, testManifest } from '../../helpers/lake.ts';
import { HOLDER_ROW_CAP } from '../../../src/endpoints/shapes/holder-token.ts';
import { busyTrc10Pair, busyTrc20Pair, expectDailySeriesCsv, ledgerDays, type LedgerDay, ZERO_ADDRESS } from './holder-token-ledger.ts';

const PATH = '/api/account/holderToken/asset/changeBalance';
const midnightS = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000;
const expected = (days: LedgerDay[]) =>
  days.map((d) => ({ date: d.day, statistics: { date: midnightS(d.day), change: d.change.toString(), balance: d.balance.toString(), type: d.change < 0n ? 2 : 1 } }));

describe(`GET ${PATH}`, () => {
  it('TRC20: every day the account moved, its net change, end-of-day balance and type, by default up to now', async () => {
    const { account, token } = await busyTrc20Pair();
    const want = await ledgerDays(account, token);
    expect(want.length).toBeGreaterThanOrEqual(2);
    const { status, body } = await get(`${PATH}?accountAddress=${account}&tokenAddress=${token}`);
    expect(status).toBe(200);
    expect(body.data).toEqual(expected(want));
    const [dec] = await sql(`select decimals from dim_tokens where token_id = '${token}'`);
    expect(body.tokenDecimal).toBe(dec ? Number(dec.decimals) : null);
    // Both types occur on a pair that received and sent on different days, or at least the sign rule holds.
    for (const r of body.data) expect(r.statistics.type).toBe(BigInt(r.statistics.change) < 0n ? 2 : 1);
  });

  it('endTime alone: the days up to its UTC day, balances unchanged; past the head or at it: every day', async () => {
    const { account, token } = await busyTrc20Pair();
    const want = expected(await ledgerDays(account, token));
    const cut = want[Math.floor(want.length / 2) - 1]!.date;
    // Noon of the cut day: the bound takes the whole day.
    const noon = Date.parse(`${cut}T12:00:00Z`);
    const { body } = await get(`${PATH}?accountAddress=${account}&tokenAddress=${token}&endTime=${noon}`);
    expect(body.data).toEqual(want.filter((d) => d.date <= cut));
    expect(body.data.length).toBeLessThan(want.length);
    const m = await testManifest();
    expect((await get(`${PATH}?accountAddress=${account}&tokenAddress=${token}&endTime=${m.head.timestamp}`)).body.data).toEqual(want);
    expect((await get(`${PATH}?accountAddress=${account}&tokenAddress=${token}&endTime=${m.head.timestamp + 10 * 86_400_000}`)).body.data).toEqual(want);
    // Before the lake: no day.
    expect((await get(`${PATH}?accountAddress=${account}&tokenAddress=${token}&endTime=${m.first.timestamp - 86_400_000}`)).body.data).toEqual([]);
  });

  it('TRC10 by id: the successful transfers per day and the balance from the openings or the issue', async () => {
    const pair = await busyTrc10Pair();
    if (!pair) return; // a lake without TRC10 transfers (none so far): the TRC20 and TRX cases still run
    const { body, status } = await get(`${PATH}?accountAddress=${pair.account}&tokenAddress=${pair.token}`);
    expect(status).toBe(200);
    expect(body.data).toEqual(expected(await ledgerDays(pair.account, pair.token)));
  });

  it('TRX (tokenAddress 0, trx or _): an account that moved TRX only by transfers and fees, changes from raw transactions; the last balance is its head balance', async () => {
    // Its transactions move TRX only as transfers (type 1) and fees: TRC10 transfers, votes and calls without call value
    // cost a fee and nothing else; no internal transaction, no call value received.
    const [x] = await sql(`with a as (select x, bool_and(ok) ok from (
        select owner_address x, (contract_type in (1, 2, 4) or (contract_type = 31 and coalesce(amount, 0) = 0)) ok from raw_transactions
        union all select to_address, (contract_type in (1, 2, 4) or (contract_type = 31 and coalesce(amount, 0) = 0)) from raw_transactions where to_address is not null
        union all select contract_address, false from raw_transactions where contract_address is not null and contract_type in (30, 31)
      ) group by x)
      select a.x from a join raw_transactions t on t.contract_type = 1 and (t.owner_address = a.x or t.to_address = a.x)
      where a.ok and a.x <> '${ZERO_ADDRESS}'
        and a.x not in (select caller_address from raw_internal_transactions where caller_address is not null)
        and a.x not in (select to_address from raw_internal_transactions where to_address is not null)
      group by a.x order by count(distinct t.timestamp // 86400000) desc, count(*) desc, a.x limit 1`);
    expect(x, 'an account moving TRX only by transfers and fees').toBeDefined();
    const a = String(x!.x);
    const raw = await sql(`select owner_address o, to_address t, amount, fee, contract_ret r, timestamp ts, block_number b, contract_type k from raw_transactions
                           where owner_address = '${a}' or to_address = '${a}'`);
    const byDay = new Map<string, bigint>();
    for (const r of raw) {
      const ok = r.r === 'SUCCESS';
      const parts = [r.t === a && ok && r.k === 1 ? BigInt(Number(r.amount)) : 0n, r.o === a && ok && r.k === 1 ? -BigInt(Number(r.amount)) : 0n, r.o === a ? -BigInt(Number(r.fee ?? 0)) : 0n];
      // A day is listed when some TRX moved (a receiver of a TRC10 transfer or a vote pays nothing: no movement).
      if (parts.every((x) => x === 0n)) continue;
      const day = new Date(Number(r.ts)).toISOString().slice(0, 10);
      byDay.set(day, (byDay.get(day) ?? 0n) + parts.reduce((x, y) => x + y, 0n));
    }
    const days = [...byDay].sort(([p], [q]) => (p < q ? -1 : 1));
    // Head balance: the newest account snapshot at or before the head, plus the flows after its block.
    const m = await testManifest();
    const [s] = await sql(`select balance, as_of_block from snap_account_snapshots where address = '${a}' and as_of_block <= ${m.head.number} order by as_of_block desc limit 1`);
    let head = s ? BigInt(Number(s.balance)) : 0n;
    for (const r of raw) {
      if (s && Number(r.b) <= Number(s.as_of_block)) continue;
      const ok = r.r === 'SUCCESS';
      head += (r.t === a && ok && r.k === 1 ? BigInt(Number(r.amount)) : 0n) - (r.o === a && ok && r.k === 1 ? BigInt(Number(r.amount)) : 0n) - (r.o === a ? BigInt(Number(r.fee ?? 0)) : 0n);
    }
    for (const alias of ['0', 'trx', '_']) {
      const { status, body } = await get(`${PATH}?accountAddress=${a}&tokenAddress=${alias}`);
      expect(status).toBe(200);
      expect(body.tokenDecimal).toBe(6);
      expect(body.data.map((r: { date: string }) => r.date)).toEqual(days.map(([d]) => d));
      expect(body.data.map((r: { statistics: { change: string } }) => r.statistics.change)).toEqual(days.map(([, v]) => v.toString()));
      let bal = head;
      const balances: string[] = [];
      for (let i = days.length - 1; i >= 0; i--) {
        balances.unshift(bal.toString());
        bal -= days[i]![1];
      }
      expect(body.data.map((r: { statistics: { balance: string } }) => r.statistics.balance)).toEqual(balances);
    }
  });

  it('an account with more movements than HOLDER_ROW_CAP blocks (its days summed by DuckDB) and one with fewer (summed by the endpoint): the ledger either way', async () => {
    // Blocks in which each (account, TRC20 token) pair moved, by plain SQL over the raw tables: the pair with the most,
    // and the busiest pair at or under the cap. The tiny lake has pairs past the cap; the ingested lake may not.
    const pairs = await sql(`select a, c, count(distinct b) n from (
        select from_address a, contract_address c, block_number b from raw_token_transfers where token_standard = 'trc20'
        union all select to_address, contract_address, block_number from raw_token_transfers where token_standard = 'trc20'
        union all select holder_address, contract_address, block_number from raw_stablecoin_balance_moves)
      where a <> '${ZERO_ADDRESS}' group by a, c order by n desc, a, c`);
    const most = pairs[0]!;
    const under = pairs.find((r) => Number(r.n) <= HOLDER_ROW_CAP)!;
    for (const r of [most, under]) {
      const { status, body, headers } = await get(`${PATH}?accountAddress=${r.a}&tokenAddress=${r.c}`);
      expect(status).toBe(200);
      expect(body.data).toEqual(expected(await ledgerDays(String(r.a), String(r.c))));
      // Which way the days were summed: Server-Timing names each statement run.
      expect(String(headers['server-timing']).includes('deep_holder-token-history;'), `${r.a} ${r.c}: ${r.n} blocks`).toBe(Number(r.n) > HOLDER_ROW_CAP);
    }
  });

  it('an account that never moved the token: no day', async () => {
    const { token } = await busyTrc20Pair();
    const { status, body } = await get(`${PATH}?accountAddress=${ZERO_ADDRESS}&tokenAddress=${token}`);
    expect(status).toBe(200);
    expect(body.data).toEqual([]);
  });

  it('400 naming the parameter', async () => {
    const { account, token } = await busyTrc20Pair();
    for (const [q, param] of [
      [`tokenAddress=${token}`, 'accountAddress'],
      [`accountAddress=${account}`, 'tokenAddress'],
      [`accountAddress=Tnope&tokenAddress=${token}`, 'accountAddress'],
      [`accountAddress=${account}&tokenAddress=not-a-token`, 'tokenAddress'],
      [`accountAddress=${account}&tokenAddress=${token}&endTime=abc`, 'endTime'],
      [`accountAddress=${account}&tokenAddress=${token}&endTime=-5`, 'endTime'],
    ] as const) {
      const { status, body } = await get(`${PATH}?${q}`);
      expect(status, q).toBe(400);
      expect(body.param, q).toBe(param);
    }
  });

  it('format=csv: the same days, one line each, statistics as JSON', async () => {
    const { account, token } = await busyTrc20Pair();
    await expectDailySeriesCsv(`${PATH}?accountAddress=${account}&tokenAddress=${token}`);
  });
});
