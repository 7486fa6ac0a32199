/**
 * daily_stablecoin_supply and /api/stableCoin/totalSupply against the supply computed in the test
 * (stablecoin-supply-expected.ts: events decoded from raw `logs`, raw snapshots and transfers): per-day minted and
 * burned amounts and counts to the last digit, the end-of-day supply of every row (opening + issued - redeemed -
 * destroyed, or the totalSupply() row walked), the newest day equal to the ledger now, each coin's supply now (USDD's
 * contracts added up); a plain declaration (no CSV).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { get, lakeDir, sql, testManifest } from '../../helpers/lake.ts';
import { STABLECOIN_CONTRACTS } from '../../../src/chain/stablecoins.ts';
import { COIN_ADDRESS, COIN_OF, COINS, supplyFacts, type SupplyFacts } from './stablecoin-supply-expected.ts';
import { DECIMALS, NAME } from './stablecoin-expected.ts';

const PATH = '/api/stableCoin/totalSupply';

let f: SupplyFacts;
beforeAll(async () => {
  f = await supplyFacts();
});

/** Each coin's expected row now: its contracts' supplies at the head's day added up. */
function expectedRows() {
  return COINS.filter((coin) => f.contracts.some((c) => COIN_OF[c] === coin)).map((coin) => ({
    tokenName: NAME[COIN_ADDRESS[coin]!],
    address: COIN_ADDRESS[coin],
    totalSupply: f.contracts.filter((c) => COIN_OF[c] === coin).reduce((s, c) => s + f.supplyAt(c, f.headDay), 0n).toString(),
    tokenDecimal: DECIMALS[COIN_ADDRESS[coin]!],
  }));
}

describe('daily_stablecoin_supply', () => {
  it('lists the registry contracts in its SQL', () => {
    const text = readFileSync(path.join(import.meta.dirname, '../../../sql/fragments/stable-contracts.sql'), 'utf8');
    for (const c of STABLECOIN_CONTRACTS) expect(text, c.key).toContain(`('${c.address}', '${c.coin}', '${c.key}')`);
  });

  it('has supply moves to check', () => {
    expect(f.contracts.length).toBeGreaterThan(0);
    expect([...f.days.values()].some((m) => m.size > 0)).toBe(true);
  });

  it('per day: minted, burned, counts to the last digit and the supply at the end of the day', async () => {
    const m = await testManifest();
    const rows = await sql(`SELECT * FROM read_parquet('${path.join(lakeDir(), 'versions', m.version)}/derived/daily_stablecoin_supply/*/*.parquet') ORDER BY contract_address, day`);
    const want: Record<string, unknown>[] = [];
    for (const c of f.contracts) {
      const days = new Set([f.firstDay, ...(f.days.get(c)?.keys() ?? [])]);
      for (const day of [...days].sort()) {
        const d = f.days.get(c)?.get(day);
        want.push({
          day, contract_address: c, coin: COIN_OF[c],
          minted_raw: String(d?.minted ?? 0n), burned_raw: String(d?.burned ?? 0n),
          mint_count: d?.mints ?? 0, burn_count: d?.burns ?? 0, supply_raw: f.supplyAt(c, day).toString(),
        });
      }
    }
    want.sort((a, b) => String(a.contract_address).localeCompare(String(b.contract_address)) || String(a.day).localeCompare(String(b.day)));
    expect(rows.map((r) => ({
      day: r.day, contract_address: r.contract_address, coin: r.coin, minted_raw: r.minted_raw, burned_raw: r.burned_raw,
      mint_count: Number(r.mint_count), burn_count: Number(r.burn_count), supply_raw: r.supply_raw,
    }))).toEqual(want);
  });

  it("the newest day's supply is the ledger's supply now (no totalSupply() row) or the totalSupply() row walked", () => {
    for (const c of f.contracts) {
      if (f.snapshotted.has(c)) continue;
      expect(f.supplyAt(c, f.headDay), c).toBe(f.ledgerNow.get(c));
    }
  });
});

describe(`GET ${PATH}`, () => {
  it('one row per coin: its supply now, raw, with its decimals (USDD: both contracts)', async () => {
    const r = await get(PATH);
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual(expectedRows());
    expect(r.body.refreshTimeInfo.type).toBe('realtime');
  });

  it('is a plain declaration: format=csv is a 400 naming format', async () => {
    const r = await get(`${PATH}?format=csv`);
    expect(r.status).toBe(400);
    expect(r.body.param).toBe('format');
  });
});
