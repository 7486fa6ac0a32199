import { describe, expect, it } from 'vitest';
import { get, sql, testManifest } from '../../helpers/lake.ts';
import { expectedLiteral, numberLiterals } from '../tokens/supply-ledger.ts';
import { fractionSumLiteral, trc20Moved } from './exact-sums.ts';

const n = (v: unknown) => Number(v);
const DAY = 86_400_000;

describe('GET /api/transfer/statistics', () => {
  it('counts transfers per kind all time and on the last complete UTC day before the head', async () => {
    const m = await testManifest();
    const dayStart = Math.floor(m.head.timestamp / DAY) * DAY - DAY;
    const inDay = `timestamp >= ${dayStart} and timestamp < ${dayStart + DAY}`;
    const [t] = await sql(`select count(*) filter (where contract_type = 1) trx, count(*) filter (where contract_type = 2) trc10,
        sum(amount) filter (where contract_type = 1) trx_sun, sum(amount) filter (where contract_type = 2) trc10_raw,
        count(*) filter (where contract_type in (1, 2) and ${inDay}) day_n,
        sum(amount) filter (where contract_type = 1 and ${inDay}) day_sun
      from raw_transactions`);
    const [k] = await sql(`select count(*) filter (where token_standard = 'trc20') trc20, count(*) filter (where token_standard = 'trc721') trc721,
        count(*) filter (where token_standard = 'trc1155') trc1155, count(*) filter (where ${inDay}) day_n
      from raw_token_transfers`);
    const [a] = await sql(`select sum(t.amount / pow(10, k.decimals)) v from raw_token_transfers t join dim_tokens k on k.token_id = t.contract_address
                           where t.token_standard = 'trc20'`);
    const all = n(t!.trx) + n(t!.trc10) + n(k!.trc20) + n(k!.trc721) + n(k!.trc1155);

    const { status, body } = await get('/api/transfer/statistics');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      code: 200,
      status: '1',
      message: 'request ok',
      transfersCount: all,
      lastDayTransfersCount: n(t!.day_n) + n(k!.day_n),
      trxTransferCount: n(t!.trx),
      trc10TransferCount: n(t!.trc10),
      trc20Count: n(k!.trc20),
      trc721Count: n(k!.trc721),
      trc1155Count: n(k!.trc1155),
    });
    for (const c of [t!.trx, t!.trc10, k!.trc20, k!.trc721, k!.trc1155, t!.day_n]) expect(n(c)).toBeGreaterThan(0);
    // Amounts: whole TRX for TRX, raw units for TRC10, token units for TRC20.
    expect(body.trxTransferAmount).toBeCloseTo(n(t!.trx_sun) / 1e6, 3);
    expect(body.transfersAmount).toBeCloseTo(n(t!.trx_sun) / 1e6, 3);
    expect(body.lastDayTransfersAmount).toBeCloseTo(n(t!.day_sun) / 1e6, 3);
    expect(body.trc10TransferAmount / n(t!.trc10_raw)).toBeCloseTo(1, 9);
    expect(body.trc20Amount / n(a!.v)).toBeCloseTo(1, 9);
    // Proportions are 0-100 shares of all transfers.
    expect(body.trxTransferProportion).toBeCloseTo((100 * n(t!.trx)) / all, 3);
    expect(body.trc20Proportion).toBeCloseTo((100 * n(k!.trc20)) / all, 3);
    expect(body.trc1155Proportion).toBeCloseTo((100 * n(k!.trc1155)) / all, 3);
    const sum = ['trxTransferProportion', 'trc10TransferProportion', 'trc20Proportion', 'trc721Proportion', 'trc1155Proportion']
      .reduce((s, f) => s + (body[f] as number), 0);
    expect(sum).toBeCloseTo(100, 2);
  });

  it('every amount to the last digit, and trc20Amount equal to /api/transaction/statistics (issue 16)', async () => {
    const m = await testManifest();
    const dayStart = Math.floor(m.head.timestamp / DAY) * DAY - DAY;
    const [t] = await sql(`select cast(sum(cast(amount as hugeint)) filter (where contract_type = 1) as varchar) trx,
        cast(sum(cast(amount as hugeint)) filter (where contract_type = 2) as varchar) trc10,
        cast(coalesce(sum(cast(amount as hugeint)) filter (where contract_type = 1 and timestamp >= ${dayStart} and timestamp < ${dayStart + DAY}), 0) as varchar) day_trx
      from raw_transactions`);
    const r = await get('/api/transfer/statistics');
    const lit = (field: string) => numberLiterals(r.text, field)[0];
    expect(lit('trxTransferAmount')).toBe(expectedLiteral(String(t!.trx), 6));
    expect(lit('transfersAmount')).toBe(expectedLiteral(String(t!.trx), 6));
    expect(lit('lastDayTransfersAmount')).toBe(expectedLiteral(String(t!.day_trx), 6));
    expect(lit('trc10TransferAmount')).toBe(String(t!.trc10));
    const trc20 = fractionSumLiteral(await trc20Moved());
    expect(lit('trc20Amount')).toBe(trc20);
    expect(numberLiterals((await get('/api/transaction/statistics')).text, 'trc20Amount')[0]).toBe(trc20);
  });

  it('ignores unknown parameters and is stable', async () => {
    const a = await get('/api/transfer/statistics');
    const b = await get('/api/transfer/statistics?start=5&foo=bar');
    expect(b.status).toBe(200);
    expect(b.body).toEqual(a.body);
  });
});
