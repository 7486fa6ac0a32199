/**
 * /api/funds against the raw tables (test/helpers/supply.ts): the burned total = the burned anchor + every fee of the
 * raw transactions, the supply = genesis + the issued anchor + the rewards at the parameters in force − that burn, the
 * last whole day's burn, the foundation and blackhole balances = an address's account snapshot + its raw TRX moves
 * after it (BALANCES), and null where the lake cannot say (no anchor on the ingested lake, no reward split off genesis,
 * no foundation label, a blackhole without an account snapshot). Amounts compared as the literals sent.
 */
import { describe, expect, it } from 'vitest';
import { get, sql, testManifest } from '../../helpers/lake.ts';
import { anchorBefore, GENESIS_SUN, supplyDays, trxText } from '../../helpers/supply.ts';
import { field } from '../../exact/json-text.ts';

const DAY = 86_400_000;
const BLACKHOLE = 'TLsV52sRDL79HXGGm9yzwKibb6BeruhUzy';

/**
 * The TRX balance of the foundation-labelled addresses and the blackhole at the head, from the raw tables alone: per
 * account snapshot at or before the head, its balance + every TRX move of the address in the blocks after it up to the
 * head (fees paid whether or not the contract succeeded; transfers, TRC10 sales, TRX call values, stakes, Stake 1.0
 * unstakes, withdrawals and rewards, internal TRX of successful transactions only on success). One row per snapshot:
 * `newest` marks the one the balance is read from; the others must give the same figure (the flows between two
 * snapshots are the difference of their balances). An address with no snapshot has no row.
 */
const BALANCES = (head: number): string => `
  WITH who AS (SELECT address, 'foundation' AS role FROM ref_address_labels WHERE category = 'foundation'
               UNION ALL SELECT '${BLACKHOLE}', 'blackhole'),
  tx AS (SELECT * FROM raw_transactions WHERE block_number <= ${head}),
  ok AS (SELECT * FROM tx WHERE contract_ret = 'SUCCESS'),
  moves AS (
    SELECT owner_address AS address, block_number, -fee AS d FROM tx WHERE fee <> 0
    UNION ALL SELECT owner_address, block_number, -amount FROM ok WHERE contract_type IN (1, 9)
    UNION ALL SELECT to_address, block_number, amount FROM ok WHERE contract_type IN (1, 9)
    UNION ALL SELECT owner_address, block_number, -amount FROM ok WHERE contract_type IN (30, 31) AND token_id IS NULL
    UNION ALL SELECT coalesce(contract_address, to_address), block_number, amount FROM ok WHERE contract_type IN (30, 31) AND token_id IS NULL
    UNION ALL SELECT owner_address, block_number, -amount FROM ok WHERE contract_type IN (11, 54)
    UNION ALL SELECT owner_address, block_number, coalesce(unfreeze_amount, 0) FROM ok WHERE contract_type = 12
    UNION ALL SELECT owner_address, block_number, coalesce(withdraw_amount, 0) FROM ok WHERE contract_type IN (13, 55, 56, 59)
    UNION ALL SELECT unnest([i.caller_address, i.to_address]), i.block_number, unnest([-i.call_value, i.call_value])
      FROM raw_internal_transactions i JOIN ok t ON t.tx_hash = i.tx_hash
      WHERE i.token_id = '_' AND NOT i.rejected
  ),
  mine AS (SELECT m.address, m.block_number, m.d::HUGEINT AS d FROM moves m WHERE m.address IN (SELECT address FROM who)),
  snaps AS (SELECT address, as_of_block, balance::HUGEINT AS balance,
                   as_of_block = max(as_of_block) OVER (PARTITION BY address) AS newest
            FROM snap_account_snapshots WHERE address IN (SELECT address FROM who) AND as_of_block <= ${head})
  SELECT w.role, s.address, s.as_of_block, s.newest, s.balance AS snapshot,
         s.balance + coalesce((SELECT sum(m.d) FROM mine m WHERE m.address = s.address AND m.block_number > s.as_of_block), 0) AS at_head,
         (SELECT count(*) FROM mine m WHERE m.address = s.address AND m.block_number > s.as_of_block) AS moves
  FROM who w JOIN snaps s USING (address)
  ORDER BY s.address, s.as_of_block`;

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

    const labels = await sql(`SELECT DISTINCT address FROM ref_address_labels WHERE category = 'foundation'`);
    const rows = await sql(BALANCES(m.head.number));
    // Neither test lake starts at genesis (asserted below), so an address without an account snapshot is unknown.
    const balanceOf = (address: string): bigint | null => {
      const r = rows.find((x) => x.address === address && x.newest === true);
      return r ? BigInt(String(r.at_head)) : null;
    };
    const funds = labels.map((l) => balanceOf(String(l.address)));
    const fundSun = funds.length > 0 && funds.every((b) => b !== null) ? funds.reduce((a: bigint, b) => a + b!, 0n) : null;
    const blackholeSun = balanceOf(BLACKHOLE);
    const whole = (sun: bigint | null): string => (sun === null ? 'null' : String(sun / 1_000_000n));

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
    // Foundation wallets and the blackhole: their snapshot + their raw moves after it.
    expect(lit('fundTrx')).toBe(trxText(fundSun));
    expect(lit('fundSumBalance')).toBe(whole(fundSun));
    expect(lit('totalFundBalance')).toBe(whole(fundSun));
    expect(lit('turnOver')).toBe(trxText(supply === null || fundSun === null ? null : supply - fundSun));
    expect(lit('donateBalance')).toBe(whole(blackholeSun));
    expect(lit('totalDonateBalance')).toBe(whole(blackholeSun));
    // Every snapshot of an address gives the same balance at the head (the flows between two are their difference).
    for (const x of rows) expect(`${x.address}@${x.as_of_block}: ${x.at_head}`).toBe(`${x.address}@${x.as_of_block}: ${balanceOf(String(x.address))}`);
    if (m.source.kind === 'generate') {
      // The generator writes three foundation wallets holding TRX at both ends of its window, one of them with TRX
      // moves inside it (so the flows count), and the blackhole at −2^63 sun + the fees it received before the window.
      expect(labels.length).toBe(3);
      expect(fundSun).not.toBeNull();
      expect(fundSun!).toBeGreaterThan(0n);
      expect(rows.filter((x) => x.role === 'foundation' && Number(x.as_of_block) === m.first.number - 1).length).toBe(3);
      expect(rows.some((x) => x.role === 'foundation' && Number(x.moves) > 0)).toBe(true);
      expect(blackholeSun).not.toBeNull();
      expect(blackholeSun!).toBeGreaterThan(-(2n ** 63n));
      expect(blackholeSun!).toBeLessThanOrEqual(-(2n ** 63n) + burned!);
      expect(lit('turnOver')).not.toBe('null');
    } else {
      // The ingested lake labels no foundation address and its node never reported the blackhole.
      expect(labels.length).toBe(0);
      expect(rows.length).toBe(0);
      expect([r.body.fundTrx, r.body.fundSumBalance, r.body.totalFundBalance, r.body.turnOver]).toEqual([null, null, null, null]);
      expect([r.body.donateBalance, r.body.totalDonateBalance]).toEqual([null, null]);
    }
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
