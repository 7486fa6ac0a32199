import { describe, expect, it } from 'vitest';
import { get, sql, testManifest } from '../../helpers/lake.ts';
import { expectedLiteral, numberLiterals } from '../token/supply-ledger.ts';
import { windowStart } from './exact-sums.ts';
import { wholeOrNull } from '../../../src/endpoints/transaction/transaction-statistics.ts';

const n = (v: unknown) => Number(v);

/** Every all-time field but txCount: the lake's sums, so the whole chain's only from genesis (no per-kind anchor). */
const ALL_TIME = ['txAmount', 'trxTransferCount', 'trxTransferAmount', 'trxTransferProportion', 'trc10TransferCount', 'trc10TransferAmount',
  'trc10TransferProportion', 'trc20Count', 'trc20Amount', 'trc20Proportion', 'trc721Count', 'trc1155Count', 'triggerCount', 'triggerAmount',
  'triggerProportion', 'votesCount', 'votesAmount', 'votesProportion', 'freezeBalanceCount', 'freezeBalanceAmount', 'freezeBalanceProportion',
  'othersCount', 'othersAmount', 'othersProportion', 'trc20Top10', 'triggerTop10'];

describe('GET /api/transaction/statistics', () => {
  it('the last complete day before the head exactly; all time anchored or null (issue 27 defect 2)', async () => {
    const m = await testManifest();
    const dayMs = 86_400_000;
    const lastDayStart = Math.floor(m.head.timestamp / dayMs) * dayMs - dayMs;
    const [c] = await sql(`select count(*) as all_n,
        count(*) filter (where timestamp >= ${lastDayStart} and timestamp < ${lastDayStart + dayMs}) as day_n
      from raw_transactions`);
    const w = await windowStart();
    const { status, text, body } = await get('/api/transaction/statistics');
    expect(status).toBe(200);
    expect(body).toMatchObject({ code: 200, status: '1', lastDayTxCount: n(c!.day_n), lastUpdateSeconds: Math.floor(m.head.timestamp / 1000) });
    expect(body.lastDayTxCount).toBeGreaterThan(0);
    // txCount: the pre-window total as of the block before the first one + the lake's transactions, exact as text.
    const whole = w.preTx === null ? 'null' : (w.preTx + BigInt(String(c!.all_n))).toString();
    expect(text).toContain(`"txCount":${whole},`);
    // Neither test lake starts at genesis, and no per-kind anchor exists: every other all-time figure is null.
    expect(w.fromGenesis).toBe(false);
    for (const f of ALL_TIME) expect(body[f], f).toBeNull();
  });

  it('the last day\'s amount to the last digit, from an exact sum over the raw rows (issue 16)', async () => {
    const m = await testManifest();
    const dayMs = 86_400_000;
    const lastDayStart = Math.floor(m.head.timestamp / dayMs) * dayMs - dayMs;
    const [c] = await sql(`select cast(coalesce(sum(cast(amount as hugeint)) filter (where contract_type not in (2, 9)
        and timestamp >= ${lastDayStart} and timestamp < ${lastDayStart + dayMs}), 0) as varchar) day_tx from raw_transactions`);
    const r = await get('/api/transaction/statistics');
    expect(numberLiterals(r.text, 'lastDayTxAmount')[0]).toBe(expectedLiteral(String(c!.day_tx), 6));
  });
});

describe('wholeOrNull', () => {
  it('keeps the figures from genesis and nulls each of them otherwise', () => {
    expect(wholeOrNull(true, { a: 1, b: [2] })).toEqual({ a: 1, b: [2] });
    expect(wholeOrNull(false, { a: 1, b: [2] })).toEqual({ a: null, b: null });
    expect(wholeOrNull(null, { a: 1 })).toEqual({ a: null });
  });
});
