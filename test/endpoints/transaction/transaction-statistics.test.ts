import { describe, expect, it } from 'vitest';
import { get, sql, testManifest } from '../../helpers/lake.ts';
import { expectedLiteral, numberLiterals } from '../tokens/supply-ledger.ts';
import { between, fractionSumLiteral, trc20Moved } from './exact-sums.ts';

const n = (v: unknown) => Number(v);

describe('GET /api/transaction/statistics', () => {
  it('counts by type all time and on the last complete day before the head', async () => {
    const m = await testManifest();
    const dayMs = 86_400_000;
    const lastDayStart = Math.floor(m.head.timestamp / dayMs) * dayMs - dayMs;
    const [c] = await sql(`select count(*) as all_n,
        count(*) filter (where timestamp >= ${lastDayStart} and timestamp < ${lastDayStart + dayMs}) as day_n,
        count(*) filter (where contract_type = 1) as trx_n, sum(amount) filter (where contract_type = 1) as trx_amount,
        count(*) filter (where contract_type = 2) as trc10_n, count(*) filter (where contract_type = 31) as trigger_n
      from raw_transactions`);
    const [t] = await sql(`select count(*) filter (where token_standard = 'trc20') as trc20, count(*) filter (where token_standard = 'trc721') as trc721,
        count(*) filter (where token_standard = 'trc1155') as trc1155 from raw_token_transfers`);
    const { status, body } = await get('/api/transaction/statistics');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      code: 200,
      status: '1',
      txCount: n(c!.all_n),
      lastDayTxCount: n(c!.day_n),
      trxTransferCount: n(c!.trx_n),
      trc10TransferCount: n(c!.trc10_n),
      triggerCount: n(c!.trigger_n),
      trc20Count: n(t!.trc20),
      trc721Count: n(t!.trc721),
      trc1155Count: n(t!.trc1155),
      lastUpdateSeconds: Math.floor(m.head.timestamp / 1000),
    });
    expect(body.trxTransferAmount).toBeCloseTo(n(c!.trx_amount) / 1e6, 3);
    expect(body.trxTransferProportion).toBeCloseTo((100 * n(c!.trx_n)) / n(c!.all_n), 3);
    expect(body.lastDayTxCount).toBeGreaterThan(0);
  });

  it('ranks the most transferred TRC20 tokens and most called contracts', async () => {
    const top = await sql(`select contract_address, count(*) as n from raw_token_transfers where token_standard = 'trc20' group by 1 order by 2 desc, 1 limit 10`);
    const calls = await sql(`select contract_address, count(*) as n from raw_transactions where contract_type = 31 group by 1 order by 2 desc, 1 limit 10`);
    const { body } = await get('/api/transaction/statistics');
    expect(body.trc20Top10.map((x: { address: string }) => x.address)).toEqual(top.map((r) => r.contract_address));
    expect(body.trc20Top10[0].count).toBe(n(top[0]!.n));
    expect(body.trc20Top10[0].address).toBe('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t');
    expect(body.triggerTop10.map((x: { count: number }) => x.count)).toEqual(calls.map((r) => n(r.n)));
  });

  it('every amount to the last digit, from exact sums over the raw rows (issue 16: the rollups summed doubles)', async () => {
    const m = await testManifest();
    const dayMs = 86_400_000;
    const lastDayStart = Math.floor(m.head.timestamp / dayMs) * dayMs - dayMs;
    const s = (filter: string) => `cast(coalesce(sum(cast(amount as hugeint)) filter (where ${filter}), 0) as varchar)`;
    const [c] = await sql(`select ${s('contract_type not in (2, 9)')} tx, ${s(`contract_type not in (2, 9) and timestamp >= ${lastDayStart} and timestamp < ${lastDayStart + dayMs}`)} day_tx,
        ${s('contract_type = 1')} trx, ${s('contract_type = 2')} trc10, ${s('contract_type = 31')} trig, ${s('contract_type in (11, 54)')} frz,
        ${s('contract_type not in (1, 2, 31, 4, 11, 54, 9)')} oth
      from raw_transactions`);
    const r = await get('/api/transaction/statistics');
    const lit = (field: string) => numberLiterals(r.text, field)[0];
    for (const [field, sun] of [['txAmount', c!.tx], ['lastDayTxAmount', c!.day_tx], ['trxTransferAmount', c!.trx], ['triggerAmount', c!.trig],
      ['freezeBalanceAmount', c!.frz], ['othersAmount', c!.oth]] as const) {
      expect(lit(field), field).toBe(expectedLiteral(String(sun), 6));
    }
    expect(lit('trc10TransferAmount')).toBe(String(c!.trc10));
    // TRC20: each token's exact amount in token units, summed over tokens exactly.
    const moved = await trc20Moved();
    expect(lit('trc20Amount')).toBe(fractionSumLiteral(moved));
    const top = body10(r.text, 'trc20Top10', 'triggerTop10');
    const byToken = new Map(moved.map((t) => [t.contract, expectedLiteral(t.raw, t.decimals)]));
    expect(top.addresses.length).toBeGreaterThan(0);
    top.addresses.forEach((a, i) => expect(top.amounts[i], a).toBe(byToken.get(a)));
    // triggerTop10: call value of each contract, exact sun in TRX.
    const calls = new Map((await sql(`select contract_address a, cast(sum(cast(amount as hugeint)) as varchar) v from raw_transactions where contract_type = 31 group by 1`))
      .map((x) => [String(x.a), expectedLiteral(String(x.v), 6)]));
    const trig = body10(r.text, 'triggerTop10');
    expect(trig.addresses.length).toBeGreaterThan(0);
    trig.addresses.forEach((a, i) => expect(trig.amounts[i], a).toBe(calls.get(a)));
  });
});


describe('votesAmount (issue 16: it summed the amount of vote transactions, always 0)', () => {
  it('is the sum of the vote counts in the VoteWitness parameters, added here from the JSON text', async () => {
    const rows = await sql(`select parameter_json p from raw_transactions where contract_type = 4`);
    let votes = 0n;
    for (const r of rows) for (const v of (JSON.parse(String(r.p)).votes ?? []) as { vote_count: number | string }[]) votes += BigInt(v.vote_count);
    const r = await get('/api/transaction/statistics');
    expect(numberLiterals(r.text, 'votesAmount')[0]).toBe(votes.toString());
    expect(r.body.votesCount).toBe(rows.length);
  });
});

/** The `address` values and raw `amount` literals of one top-10 array of the body, in order. */
function body10(text: string, key: string, next?: string): { addresses: string[]; amounts: string[] } {
  const part = between(text, key, next);
  return { addresses: [...part.matchAll(/"address":"([^"]*)"/g)].map((m) => m[1]!), amounts: numberLiterals(part, 'amount') };
}
