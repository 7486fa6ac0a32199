/**
 * /api/account/holderToken/asset/valueInfo: one account's end-of-day balance of a token on every lake day of the range,
 * with the day's USD price and value, against independent ledgers over the raw tables (holder-token-ledger.ts) and
 * plain SQL over the raw price tables; the value recomputed here in bigint. Both bounds alone, the defaults, TRX,
 * every 400, CSV.
 */
import { describe, expect, it } from 'vitest';
import { get, sql, testManifest } from '../../helpers/lake.ts';
import { busyTrc20Pair, ledgerDays, headBalance, prices, usd, expectDailySeriesCsv } from './holder-token-ledger.ts';

const PATH = '/api/account/holderToken/asset/valueInfo';
const DAY = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const msOf = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** Every UTC day holding a block, in [from, to]. */
async function lakeDays(from: string, to: string): Promise<string[]> {
  return (await sql(`select distinct strftime(epoch_ms(timestamp), '%Y-%m-%d') d from raw_blocks order by 1`)).map((r) => String(r.d)).filter((d) => d >= from && d <= to);
}

/** The expected answer for `account` × `token` over the lake days of [from, to]. */
async function expected(account: string, token: string, from: string, to: string) {
  const days = await ledgerDays(account, token);
  const head = await headBalance(account, token);
  const price = await prices(token);
  const [dec] = await sql(`select decimals from dim_tokens where token_id = '${token}'`);
  const decimals = dec ? Number(dec.decimals) : null;
  return {
    tokenDecimal: decimals,
    data: (await lakeDays(from, to)).map((d) => {
      const balance = days.filter((x) => x.day > d).reduce((b, x) => b - x.change, head);
      const p = price.get(d);
      return { date: d, statistics: { date: msOf(d) / 1000, balance: balance.toString(), ...(p !== undefined && decimals !== null ? { price: p, value: usd(balance, decimals, p) } : {}) } };
    }),
  };
}

describe(`GET ${PATH}`, () => {
  it('the defaults: the 30 days ending at the head day, each lake day with its end-of-day balance, price and value', async () => {
    const { account, token } = await busyTrc20Pair();
    const m = await testManifest();
    const to = dayOf(m.head.timestamp);
    const { status, body } = await get(`${PATH}?accountAddress=${account}&tokenAddress=${token}`);
    expect(status).toBe(200);
    expect(body).toEqual(await expected(account, token, dayOf(msOf(to) - 29 * DAY), to));
  });

  it('startTime alone runs to the head day; endTime alone starts 30 days before it; both: exactly the range', async () => {
    const { account, token } = await busyTrc20Pair();
    const m = await testManifest();
    const all = await lakeDays('0000', '9999');
    const a = all[Math.floor(all.length / 3)]!;
    const b = all[Math.floor((2 * all.length) / 3)]!;
    const noon = (d: string) => msOf(d) + DAY / 2;
    const head = dayOf(m.head.timestamp);
    expect((await get(`${PATH}?accountAddress=${account}&tokenAddress=${token}&startTime=${noon(a)}`)).body).toEqual(await expected(account, token, a, head));
    expect((await get(`${PATH}?accountAddress=${account}&tokenAddress=${token}&endTime=${noon(b)}`)).body).toEqual(await expected(account, token, dayOf(msOf(b) - 29 * DAY), b));
    const both = (await get(`${PATH}?accountAddress=${account}&tokenAddress=${token}&startTime=${noon(a)}&endTime=${noon(b)}`)).body;
    expect(both).toEqual(await expected(account, token, a, b));
    expect(both.data.length).toBeGreaterThan(0);
  });

  it('priced days carry price and value; a token of a priced lake has them on its priced days only', async () => {
    // The busiest TRC20 token with a price (none on a lake without a price feed: then no row has a price).
    const [r] = await sql(`select t.to_address a, t.contract_address c from raw_token_transfers t
                           where t.token_standard = 'trc20' and t.contract_address in (select token_id from rule_day_prices)
                           group by 1, 2 order by count(*) desc, 1, 2 limit 1`);
    if (!r) {
      const { account, token } = await busyTrc20Pair();
      const { body } = await get(`${PATH}?accountAddress=${account}&tokenAddress=${token}&startTime=0`);
      for (const d of body.data) expect(d.statistics).not.toHaveProperty('price');
      return;
    }
    const m = await testManifest();
    const { body } = await get(`${PATH}?accountAddress=${r.a}&tokenAddress=${r.c}&startTime=${m.first.timestamp}`);
    const want = await expected(String(r.a), String(r.c), dayOf(m.first.timestamp), dayOf(m.head.timestamp));
    expect(body).toEqual(want);
    expect(want.data.some((d) => 'value' in d.statistics)).toBe(true);
  });

  it('TRX (tokenAddress 0): 6 decimals, the last day ends at the same balance as changeBalance, priced by the TRX rule', async () => {
    const [x] = await sql(`select owner_address a from raw_transactions where contract_type = 1 group by 1 order by count(*) desc, 1 limit 1`);
    const m = await testManifest();
    const { status, body } = await get(`${PATH}?accountAddress=${x!.a}&tokenAddress=0&startTime=${m.first.timestamp}`);
    expect(status).toBe(200);
    expect(body.tokenDecimal).toBe(6);
    const change = (await get(`/api/account/holderToken/asset/changeBalance?accountAddress=${x!.a}&tokenAddress=0`)).body.data;
    const lastChange = change.at(-1);
    const byDate = new Map(body.data.map((d: { date: string; statistics: { balance: string } }) => [d.date, d.statistics.balance]));
    for (const c of change) if (byDate.has(c.date)) expect(byDate.get(c.date)).toBe(c.statistics.balance);
    expect(body.data.at(-1).statistics.balance).toBe(lastChange.statistics.balance);
    const price = await prices('_');
    for (const d of body.data) expect(d.statistics.price).toBe(price.get(d.date));
  });

  it('400 naming the parameter; an end before the start names endTime', async () => {
    const { account, token } = await busyTrc20Pair();
    for (const [q, param] of [
      [`tokenAddress=${token}`, 'accountAddress'],
      [`accountAddress=${account}`, 'tokenAddress'],
      [`accountAddress=T1&tokenAddress=${token}`, 'accountAddress'],
      [`accountAddress=${account}&tokenAddress=x1`, 'tokenAddress'],
      [`accountAddress=${account}&tokenAddress=${token}&startTime=soon`, 'startTime'],
      [`accountAddress=${account}&tokenAddress=${token}&endTime=1.5`, 'endTime'],
      [`accountAddress=${account}&tokenAddress=${token}&startTime=2000000&endTime=1000000`, 'endTime'],
    ] as const) {
      const { status, body } = await get(`${PATH}?${q}`);
      expect(status, q).toBe(400);
      expect(body.param, q).toBe(param);
    }
  });

  it('format=csv: one line per day, the item fields as columns', async () => {
    const { account, token } = await busyTrc20Pair();
    await expectDailySeriesCsv(`${PATH}?accountAddress=${account}&tokenAddress=${token}`);
  });
});
