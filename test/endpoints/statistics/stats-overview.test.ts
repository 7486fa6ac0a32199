import { describe, expect, it } from 'vitest';
import { get, sql, testManifest } from '../../helpers/lake.ts';
import { trxHolderDaysSql } from '../account/expected-accounts.ts';
import { blockFigures, csvRows, DAY_MS, emptyDay, lakeDays, periodFigures } from './expected.ts';

/** The day-over-day rate the endpoint prints: a fraction of the day before, 4 places; null without a base. */
const rateOf = (cur: number | null, prev: number | null): number | null =>
  cur === null || prev === null || prev === 0 ? null : Math.round(((cur - prev) / prev) * 10_000) / 10_000;

/**
 * The account figures of every lake day from plain SQL over the snapshots, the raw TRX moves (test/helpers/trx-moves.ts) and the chain_anchors reference
 * (test/endpoints/account/expected-accounts.ts), independently of both endpoints' templates and serving tables:
 * accounts = the account_count anchor + accounts created since the first block; holders = the accounts_with_trx anchor
 * moved by the change of the positive balances since the first block; both null without their anchor; new accounts =
 * those created that day (since the first block).
 */
async function expectedAccounts(): Promise<Map<string, { total: number | null; withTrx: number | null; created: number }>> {
  const m = await testManifest();
  const rows = await sql(trxHolderDaysSql(m.first.timestamp));
  const anchors = new Map((await sql(`SELECT name, value_raw FROM ref_chain_anchors`)).map((r) => [String(r.name), Number(r.value_raw)]));
  const accounts = anchors.get('account_count');
  const withTrx = anchors.get('accounts_with_trx');
  const opening = Number(rows.find((r) => r.day === 'opening')!.n);
  if (m.source.kind === 'generate') expect(accounts !== undefined && withTrx !== undefined).toBe(true);
  return new Map(rows.filter((r) => r.day !== 'opening').map((r) => [String(r.day), {
    total: accounts === undefined ? null : accounts + Number(r.created),
    withTrx: withTrx === undefined ? null : withTrx + Number(r.n) - opening,
    created: Number(r.created_day),
  }]));
}

describe('GET /api/stats/overview', () => {
  it('answers one row per day with figures counted from the raw tables; what the lake cannot know is null', async () => {
    const { firstMs, lastMs } = await lakeDays();
    const span = Math.round((lastMs - firstMs) / DAY_MS) + 1;
    const f = await periodFigures('day');
    const blocks = await blockFigures();
    const pre = await sql('SELECT CAST(tx_count AS VARCHAR) AS n FROM dim_pre_window_totals');
    const { status, body } = await get(`/api/stats/overview?days=${span}`);
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(body.data.length).toBe(span);
    let total = pre.length ? BigInt(String(pre[0]!.n)) : 0n;
    // totalTrc10: the trc10_count anchor as of the block before the first one + successful AssetIssue (type 6) so far;
    // null without it (the generator writes one, the ingested lake has none: both sides run).
    const [first] = await sql('SELECT min(block_number) AS b FROM raw_blocks');
    const trc10Anchor = await sql(`SELECT value_raw FROM ref_chain_anchors WHERE name = 'trc10_count' AND as_of_block = ${Number(first!.b) - 1}`);
    const issued = new Map((await sql(`SELECT "date" AS day, count(*) AS n FROM raw_transactions WHERE contract_type = 6 AND contract_ret = 'SUCCESS' GROUP BY 1`))
      .map((x) => [String(x.day), Number(x.n)]));
    let trc10 = Number(first!.b) === 0 ? 0 : trc10Anchor.length ? Number(trc10Anchor[0]!.value_raw) : null;
    for (const r of body.data) {
      const e = f.get(r.dateDayStr) ?? emptyDay(r.dateDayStr);
      const b = blocks.get(r.dateDayStr)!;
      total += BigInt(e.tx);
      expect(BigInt(r.totalTransaction)).toBe(total);
      expect([r.newTransactionSeen, r.active_account_number, r.newTrigger, r.newBlockSeen, r.totalBlockCount, r.avgBlockSize, r.energy_usage]).toEqual([
        e.tx, e.active, e.triggers, b.blocks, b.lastBlock + 1, Math.round(b.size / b.blocks), e.energyTotal,
      ]);
      const [k] = await sql(`SELECT count(*) FILTER (WHERE contract_type = 1) AS trx, count(*) FILTER (WHERE contract_type = 4) AS vote,
        count(*) FILTER (WHERE contract_type NOT IN (1, 2, 4, 11, 12, 51, 54, 55)) AS other FROM raw_transactions WHERE "date" = '${r.dateDayStr}'`);
      expect([r.trx_transfer, r.vote_transaction, r.other_transaction]).toEqual([Number(k!.trx), Number(k!.vote), Number(k!.other)]);
      if (trc10 !== null) trc10 += issued.get(r.dateDayStr) ?? 0;
      expect([r.newTrc20, r.totalTrc10, r.totalTrc20]).toEqual([null, trc10, null]);
    }
  });

  it('accounts, new accounts and accounts holding TRX every day, as plain SQL over the snapshots says', async () => {
    const { firstMs, lastMs } = await lakeDays();
    const span = Math.round((lastMs - firstMs) / DAY_MS) + 1;
    const want = await expectedAccounts();
    const { body } = await get(`/api/stats/overview?days=${span}`);
    expect(body.data.map((r: { dateDayStr: string }) => r.dateDayStr)).toEqual([...want.keys()]);
    let prev: { total: number | null; created: number } | undefined;
    for (const r of body.data) {
      const w = want.get(r.dateDayStr)!;
      expect([r.totalAddress, r.newAddressSeen, r.accountWithTrx], r.dateDayStr).toEqual([w.total, w.created, w.withTrx]);
      // The lake's first day has no day before it: no rate.
      expect([r.totalAddressRate, r.newAddressSeenRate], r.dateDayStr).toEqual([rateOf(w.total, prev?.total ?? null), rateOf(w.created, prev?.created ?? null)]);
      prev = w;
    }
    // A range starting after the lake's first day still has its first day's rates (from the day before the range).
    const second = body.data[1];
    if (second) {
      const late = (await get(`/api/stats/overview?days=${span - 1}`)).body.data[0];
      expect(late.dateDayStr).toBe(second.dateDayStr);
      expect([late.totalAddressRate, late.newAddressSeenRate]).toEqual([second.totalAddressRate, second.newAddressSeenRate]);
    }
    // type=trxHolder: the same figures in the slim row; and /api/overview/accountswithtrx serves the same source.
    const slim = (await get(`/api/stats/overview?type=trxHolder&days=${span}`)).body.data;
    expect(slim.map((r: { dateDayStr: string; totalAddress: number | null; accountWithTrx: number | null }) => [r.dateDayStr, r.totalAddress, r.accountWithTrx]))
      .toEqual([...want].map(([day, w]) => [day, w.total, w.withTrx]));
    const trx = (await get(`/api/overview/accountswithtrx?days=${span}`)).body.data;
    expect(trx.map((r: { totalAddress: number | null; accountWithTrx: number | null }) => [r.totalAddress, r.accountWithTrx]))
      .toEqual(slim.map((r: { totalAddress: number | null; accountWithTrx: number | null }) => [r.totalAddress, r.accountWithTrx]));
    // The generated lake has the anchors and creates accounts in the window (accounts27); the fake node loads none.
    const m = await testManifest();
    if (m.source.kind === 'generate') expect(body.data.every((r: { totalAddress: number | null }) => r.totalAddress !== null)).toBe(true);
    else expect(body.data.every((r: { totalAddress: number | null; accountWithTrx: number | null }) => r.totalAddress === null && r.accountWithTrx === null)).toBe(true);
  });

  it('type=trxHolder answers the slim row; days is bounded; CSV', async () => {
    const slim = (await get('/api/stats/overview?type=trxHolder&days=1')).body.data[0];
    expect(Object.keys(slim).sort()).toEqual(['accountWithTrx', 'date', 'dateDayStr', 'totalAddress']);
    expect((await get('/api/stats/overview?type=other')).body.param).toBe('type');
    expect((await get('/api/stats/overview?days=2001')).body.param).toBe('days');
    expect((await get('/api/stats/overview')).body.data.length).toBeLessThanOrEqual(15);
    const csv = csvRows((await get('/api/stats/overview?days=2&format=csv')).text);
    expect(csv.header.slice(0, 4)).toEqual(['date', 'dateDayStr', 'totalTransaction', 'newTransactionSeen']);
  });
});
