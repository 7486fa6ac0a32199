import { describe, expect, it } from 'vitest';
import { get, sql, testManifest } from '../../helpers/lake.ts';
import { expectedLiteral, numberLiterals } from '../token/supply-ledger.ts';
import { windowStart } from './exact-sums.ts';

const n = (v: unknown) => Number(v);
const DAY = 86_400_000;

const ALL_TIME = ['transfersCount', 'transfersAmount', 'trxTransferCount', 'trxTransferAmount', 'trxTransferProportion', 'trc10TransferCount',
  'trc10TransferAmount', 'trc10TransferProportion', 'trc20Count', 'trc20Amount', 'trc20Proportion', 'trc721Count', 'trc721Proportion',
  'trc1155Count', 'trc1155Proportion'];

describe('GET /api/transfer/statistics', () => {
  it('the last complete UTC day before the head exactly; all time null off genesis (issue 27 defect 2)', async () => {
    const m = await testManifest();
    const dayStart = Math.floor(m.head.timestamp / DAY) * DAY - DAY;
    const inDay = `timestamp >= ${dayStart} and timestamp < ${dayStart + DAY}`;
    const [t] = await sql(`select count(*) filter (where contract_type in (1, 2) and ${inDay}) day_n,
        cast(coalesce(sum(cast(amount as hugeint)) filter (where contract_type = 1 and ${inDay}), 0) as varchar) day_sun
      from raw_transactions`);
    const [k] = await sql(`select count(*) filter (where ${inDay}) day_n from raw_token_transfers`);
    const w = await windowStart();
    const r = await get('/api/transfer/statistics');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ code: 200, status: '1', message: 'request ok', lastDayTransfersCount: n(t!.day_n) + n(k!.day_n) });
    expect(n(t!.day_n)).toBeGreaterThan(0);
    expect(numberLiterals(r.text, 'lastDayTransfersAmount')[0]).toBe(expectedLiteral(String(t!.day_sun), 6));
    // Neither test lake starts at genesis and no per-kind transfer anchor exists: the all-time figures are null.
    expect(w.fromGenesis).toBe(false);
    for (const f of ALL_TIME) expect(r.body[f], f).toBeNull();
  });

  it('ignores unknown parameters and is stable', async () => {
    const a = await get('/api/transfer/statistics');
    const b = await get('/api/transfer/statistics?start=5&foo=bar');
    expect(b.status).toBe(200);
    expect(b.body).toEqual(a.body);
  });
});
