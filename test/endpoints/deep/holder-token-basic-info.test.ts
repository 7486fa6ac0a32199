/**
 * /api/account/holderToken/basicInfo: what an account holds of a token, against independent ledgers over the raw
 * tables (holder-token-ledger.ts): the raw balance and its decimal amount exactly, the first receipt and latest
 * movement in seconds, the wallet value at the latest raw price, the project fields empty (no project data), TRX's
 * transfer counts, every 400.
 */
import { describe, expect, it } from 'vitest';
import { get, sql, testManifest } from '../../helpers/lake.ts';
import { OPENING_20 } from '../token/ledgers.ts';
import { busyTrc10Pair, busyTrc20Pair, headBalance, ledgerDays, prices, usd, ZERO_ADDRESS } from './holder-token-ledger.ts';

const PATH = '/api/account/holderToken/basicInfo';

/** `raw` / 10^decimals as the exact decimal literal JSON carries (no trailing zeros). */
function scaled(raw: bigint, decimals: number): string {
  const neg = raw < 0n;
  const s = (neg ? -raw : raw).toString().padStart(decimals + 1, '0');
  const text = decimals ? `${s.slice(0, -decimals)}.${s.slice(-decimals)}`.replace(/\.?0+$/, '') : s;
  return neg && text !== '0' ? `-${text}` : text;
}

async function expectedInfo(account: string, token: string) {
  const days = await ledgerDays(account, token);
  const head = await headBalance(account, token);
  const [dec] = await sql(`select decimals from dim_tokens where token_id = '${token}'`);
  const decimals = dec ? Number(dec.decimals) : null;
  const m = await testManifest();
  const headDay = new Date(m.head.timestamp).toISOString().slice(0, 10);
  const priced = [...(await prices(token))].filter(([d]) => d <= headDay).sort(([a], [b]) => (a < b ? -1 : 1));
  const price = priced.at(-1)?.[1];
  // First receipt, unless the account held the token before its first movement in the lake (then unknown).
  const before = days.length ? days[0]!.balance - days[0]!.change : 0n;
  const rawIn = await sql(`select min(timestamp) t from raw_token_transfers where token_standard = 'trc20' and contract_address = '${token}' and to_address = '${account}'`);
  const firstIn = before > 0n || rawIn[0]!.t === null ? null : Math.floor(Number(rawIn[0]!.t) / 1000);
  return {
    holdCount: head.toString(),
    holdAmount: decimals === null ? null : scaled(head, decimals),
    tokenDecimal: decimals,
    firstHoldTime: firstIn,
    latestTransferTime: days.length ? Math.floor(days.at(-1)!.lastTs / 1000) : null,
    walletValue: price === undefined || decimals === null ? null : usd(head, decimals, price),
  };
}

/** The holdAmount literal as sent (JSON.parse would round a long one). */
const holdAmountText = (text: string) => /"holdAmount":(null|-?[0-9.eE+-]+)/.exec(text)![1];

describe(`GET ${PATH}`, () => {
  it('TRC20: the exact balance and amount, first receipt and latest movement (s), wallet value; no project data', async () => {
    for (const { account, token } of [await busyTrc20Pair(), await busyTrc20Pair(3)]) {
      const want = await expectedInfo(account, token);
      const r = await get(`${PATH}?accountAddress=${account}&tokenAddress=${token}`);
      expect(r.status).toBe(200);
      const d = r.body.data;
      expect(d.holdCount).toBe(want.holdCount);
      expect(holdAmountText(r.text)).toBe(want.holdAmount ?? 'null');
      expect(d.tokenDecimal).toBe(want.tokenDecimal);
      expect(d.firstHoldTime).toBe(want.firstHoldTime);
      expect(d.latestTransferTime).toBe(want.latestTransferTime);
      expect(d.walletValue).toBe(want.walletValue);
      expect(d).toMatchObject({ projectValue: null, walletRatio: null, projectRatio: null, projectNum: 0, projects: [] });
      expect(d).not.toHaveProperty('transferIn');
      const m = await testManifest();
      expect(r.body.refreshTimeInfo).toEqual({ type: 'realtime', lastUpdateTime: Math.floor(m.head.timestamp / 1000) });
    }
  });

  it('an account that received the token first in the lake has its first receipt time; one holding it from the opening has none', async () => {
    // A receiver with no opening balance (none before the lake, and none a later balanceOf implies: OPENING_20): its first
    // hold is its first receipt.
    const [first] = await sql(`select min(block_number) b from raw_blocks`);
    const [r] = await sql(`select to_address a, contract_address c, min(timestamp) t from raw_token_transfers t where token_standard = 'trc20' and to_address <> '${ZERO_ADDRESS}'
                             and not exists (select 1 from (${OPENING_20}) s where s.contract_address = t.contract_address and s.holder_address = t.to_address and s.d <> 0)
                             and not exists (select 1 from raw_token_transfers u where u.contract_address = t.contract_address and u.from_address = t.to_address and u.timestamp < (select min(timestamp) from raw_token_transfers v where v.contract_address = t.contract_address and v.to_address = t.to_address))
                           group by 1, 2 order by count(*) desc, 1, 2 limit 1`);
    expect(r).toBeDefined();
    const { body } = await get(`${PATH}?accountAddress=${r!.a}&tokenAddress=${r!.c}`);
    expect(body.data.firstHoldTime).toBe(Math.floor(Number(r!.t) / 1000));
    // An opening balance (a positive trc20_snapshots row before the lake) of an account that moved the token here.
    const [o] = await sql(`select s.holder_address a, s.contract_address c from snap_trc20_snapshots s
                           where s.as_of_block < ${Number(first!.b)} and cast(s.balance_raw as hugeint) > 0 and s.holder_address <> '${ZERO_ADDRESS}'
                             and exists (select 1 from raw_token_transfers t where t.contract_address = s.contract_address and (t.to_address = s.holder_address or t.from_address = s.holder_address))
                           order by 1, 2 limit 1`);
    if (!o) return; // a lake without opening balances (the ingested one): only the case above
    const held = await get(`${PATH}?accountAddress=${o.a}&tokenAddress=${o.c}`);
    expect(held.body.data.firstHoldTime).toBeNull();
  });

  it('TRC10 by id: the balance from the openings or the issue plus the transfers', async () => {
    const pair = await busyTrc10Pair();
    if (!pair) return; // a lake without TRC10 transfers: the TRC20 and TRX cases still run
    const { body } = await get(`${PATH}?accountAddress=${pair.account}&tokenAddress=${pair.token}`);
    expect(body.data.holdCount).toBe((await headBalance(pair.account, pair.token)).toString());
    const days = await ledgerDays(pair.account, pair.token);
    expect(body.data.latestTransferTime).toBe(days.length ? Math.floor(days.at(-1)!.lastTs / 1000) : null);
  });

  it('TRX (0): 6 decimals, the balance of changeBalance\'s last day, transfer counts in and out', async () => {
    const [x] = await sql(`select owner_address a from raw_transactions where contract_type = 1 group by 1 order by count(*) desc, 1 limit 1`);
    const { status, body } = await get(`${PATH}?accountAddress=${x!.a}&tokenAddress=0`);
    expect(status).toBe(200);
    expect(body.data.tokenDecimal).toBe(6);
    const change = (await get(`/api/account/holderToken/asset/changeBalance?accountAddress=${x!.a}&tokenAddress=0`)).body.data;
    expect(body.data.holdCount).toBe(change.at(-1).statistics.balance);
    // Every TRX transfer is a movement: at least the raw TransferContract rows each way.
    const [c] = await sql(`select count(*) filter (where to_address = '${x!.a}' and contract_ret = 'SUCCESS' and amount > 0) i, count(*) filter (where owner_address = '${x!.a}') o
                           from raw_transactions where contract_type = 1 and (owner_address = '${x!.a}' or to_address = '${x!.a}')`);
    expect(body.data.transferIn).toBeGreaterThanOrEqual(Number(c!.i));
    expect(body.data.transferOut).toBeGreaterThanOrEqual(Number(c!.o) > 0 ? 1 : 0);
  });

  it('an account that never held the token: 0, no times', async () => {
    const { token } = await busyTrc20Pair();
    const { body } = await get(`${PATH}?accountAddress=${ZERO_ADDRESS}&tokenAddress=${token}`);
    expect(body.data).toMatchObject({ holdCount: '0', firstHoldTime: null, latestTransferTime: null });
  });

  it('400 naming the parameter', async () => {
    const { account, token } = await busyTrc20Pair();
    for (const [q, param] of [
      [`tokenAddress=${token}`, 'accountAddress'],
      [`accountAddress=${account}`, 'tokenAddress'],
      [`accountAddress=0x12&tokenAddress=${token}`, 'accountAddress'],
      [`accountAddress=${account}&tokenAddress=T12345`, 'tokenAddress'],
    ] as const) {
      const { status, body } = await get(`${PATH}?${q}`);
      expect(status, q).toBe(400);
      expect(body.param, q).toBe(param);
    }
  });
});
