/**
 * /api/funds against the raw tables (test/helpers/supply.ts): the burned total = the burned anchor + every fee of the
 * raw transactions, the supply = genesis + the issued anchor + the rewards at the parameters in force − that burn, the
 * last whole day's burn, and null where the lake cannot say (no anchor on the ingested lake, no reward split off
 * genesis, no foundation label, a blackhole without an account snapshot). Amounts compared as the literals sent.
 */
import { describe, expect, it } from 'vitest';
import { get, sql, testManifest } from '../../helpers/lake.ts';
import { anchorBefore, GENESIS_SUN, supplyDays, trxText } from '../../helpers/supply.ts';
import { field } from '../../exact/json-text.ts';

const DAY = 86_400_000;
const BLACKHOLE = 'TLsV52sRDL79HXGGm9yzwKibb6BeruhUzy';

describe('GET /api/funds', () => {
  it('supply, burn and rewards from the anchors and the raw tables; null where the lake cannot say', async () => {
    const m = await testManifest();
    const [days, issued, burned] = await Promise.all([supplyDays(), anchorBefore('issued_sun'), anchorBefore('burned_sun')]);
    const [fees] = await sql('SELECT coalesce(sum(fee), 0)::HUGEINT AS fee FROM raw_transactions');
    const lakeFee = BigInt(String(fees!.fee));
    const rewards = days.reduce((a, d) => a + d.blockPay + d.nodePay, 0n);
    const unknown = days.some((d) => d.unknown > 0n);
    const burnedAll = burned === null ? null : burned + lakeFee;
    const supply = issued === null || burnedAll === null || unknown ? null : GENESIS_SUN + issued + rewards - burnedAll;

    const yesterday = new Date(m.head.timestamp - DAY).toISOString().slice(0, 10);
    const [y] = await sql(`SELECT coalesce(sum(fee), 0)::HUGEINT AS fee FROM raw_transactions WHERE strftime(epoch_ms("timestamp"), '%Y-%m-%d') = '${yesterday}'`);
    const holdsYesterday = m.first.number === 0 || m.first.timestamp <= Date.parse(`${yesterday}T00:00:00Z`);

    const labels = await sql(`SELECT count(*) AS n FROM ref_address_labels WHERE category = 'foundation'`);
    const snaps = await sql(`SELECT count(*) AS n FROM snap_account_snapshots WHERE address = '${BLACKHOLE}'`);

    const r = await get('/api/funds');
    expect(r.status).toBe(200);
    const lit = (k: string) => field(r.text, k);
    expect(r.body.genesisBlockIssue).toBe(100_000_000_000);
    expect(lit('burnByCharge')).toBe(trxText(burnedAll));
    expect(lit('totalTurnOver')).toBe(trxText(supply));
    expect(lit('burnPerDay')).toBe(holdsYesterday ? String(BigInt(String(y!.fee)) / 1_000_000n) : 'null');
    expect(r.body.burnUsddByCharge).toBeNull();
    // Neither test lake starts at genesis: the issued anchor has no block / vote split.
    expect(m.first.number).toBeGreaterThan(0);
    expect([r.body.totalBlockPay, r.body.totalNodePay]).toEqual([null, null]);
    // Neither test lake labels a foundation address nor holds the blackhole's account snapshot.
    expect(Number(labels[0]!.n)).toBe(0);
    expect(Number(snaps[0]!.n)).toBe(0);
    expect([r.body.fundTrx, r.body.fundSumBalance, r.body.totalFundBalance, r.body.turnOver]).toEqual([null, null, null, null]);
    expect([r.body.donateBalance, r.body.totalDonateBalance]).toEqual([null, null]);
    // Both lakes know every block's reward (the ingested one's parameters reach back from its head snapshot): the
    // ingested lake's supply is null for its missing anchors alone; the generator writes them (a supply answers there).
    expect(unknown).toBe(false);
    expect(rewards).toBeGreaterThan(0n);
    expect(supply !== null).toBe(m.source.kind === 'generate');
    expect(burnedAll !== null).toBe(m.source.kind === 'generate');
    if (m.source.kind === 'generate') expect(lit('burnPerDay')).not.toBe('null');
  });

  it('takes no parameter: an unknown one is refused or ignored without a 500', async () => {
    const r = await get('/api/funds?x=1');
    expect(r.status).toBeLessThan(500);
  });
});
