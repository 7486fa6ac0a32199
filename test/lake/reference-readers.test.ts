/**
 * A reference dataset whose content changes rebuilds, in full, the derived datasets that read it (publish.ts): loading
 * labels that make one more holder an exchange moves that holder's balance from `otherAccount` to `exchange` on every
 * day of daily_stablecoin_distribution, by the holder's end-of-day balance computed here from the raw rows; loading
 * the same labels again rebuilds nothing in full. Over a copy of the test lake (the shared one stays read-only).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadReferences } from '../../src/lake/publish/reference.ts';
import { type Manifest, versionDir } from '../../src/lake/manifest.ts';
import { lakeDir, sql, testManifest } from '../helpers/lake.ts';
import { sqlOver } from '../helpers/raw-sql.ts';
import { budget } from '../helpers/budget.ts';
import { CONTRACTS, positionsAt } from '../endpoints/deep/stable-ledger.ts';

const USDT = CONTRACTS[0].address;
let root: string;
let lake: string;
/** The USDT holder labelled an exchange by the test: an ordinary account without a label, the largest at the head. */
let holder: string;

const rowsOf = (m: Manifest) =>
  sqlOver('', `SELECT day, kind, category, holder_address, amount_raw FROM read_parquet('${versionDir(lake, m)}/derived/daily_stablecoin_distribution/*/*.parquet')
    WHERE contract_address = '${USDT}' ORDER BY day, kind, category, rank`);

/** day → category → amount of the dataset's category rows. */
function categories(rows: Record<string, unknown>[]): Map<string, Map<string, bigint>> {
  const out = new Map<string, Map<string, bigint>>();
  for (const r of rows.filter((x) => x.kind === 'category')) {
    const d = out.get(String(r.day)) ?? new Map<string, bigint>();
    d.set(String(r.category), BigInt(String(r.amount_raw)));
    out.set(String(r.day), d);
  }
  return out;
}

beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'tronlake-ref-readers-'));
  lake = path.join(root, 'lake');
  cpSync(lakeDir(), lake, { recursive: true });
  const [h] = await sql(`SELECT p.holder_address FROM (${positionsAt('(SELECT max("date") FROM raw_blocks)')}) p
    WHERE p.contract_address = '${USDT}' AND p.holder_address NOT IN (SELECT address FROM dim_contracts)
      AND p.holder_address NOT IN (SELECT address FROM ref_address_labels)
    ORDER BY p.bal DESC, p.holder_address LIMIT 1`);
  holder = String(h!.holder_address);
}, budget(60));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('a changed reference dataset rebuilds its readers in full', () => {
  let before: Manifest;
  let after: Manifest;
  let labels: string;

  beforeAll(async () => {
    before = await testManifest();
    // Every label the lake has, and the holder as an exchange's.
    labels = path.join(root, 'labels');
    mkdirSync(labels);
    const kept = before.tables.address_labels?.rows
      ? `SELECT address, public_tag, category, entity FROM read_parquet('${versionDir(lakeDir(), before)}/ref/address_labels.parquet') UNION ALL `
      : '';
    await sqlOver('', `COPY (${kept}SELECT '${holder}' AS address, 'Test Exchange hot wallet' AS public_tag, 'exchange' AS category, 'Test Exchange' AS entity)
      TO '${labels}/address_labels.csv' (HEADER)`);
    after = await loadReferences(lake, labels);
  }, budget(120));

  it('daily_stablecoin_distribution is derived in full; a dataset reading no reference is not', () => {
    expect(after.tables.daily_stablecoin_distribution!.rebuilt?.how).toBe('full');
    expect(after.tables.daily_stablecoin_supply!.rebuilt?.how).not.toBe('full');
  });

  it("every day: the holder's end-of-day balance moves from otherAccount to exchange, the rest unchanged", async () => {
    const [was, now] = [categories(await rowsOf(before)), categories(await rowsOf(after))];
    expect([...now.keys()]).toEqual([...was.keys()]);
    let moved = 0;
    for (const [day, cats] of now) {
      const [b] = await sql(`SELECT CAST(bal AS VARCHAR) AS bal FROM (${positionsAt(`'${day}'`)}) WHERE contract_address = '${USDT}' AND holder_address = '${holder}'`);
      const bal = b ? BigInt(String(b.bal)) : 0n;
      if (bal > 0n) moved++;
      const old = was.get(day)!;
      expect(cats.get('exchange'), day).toBe(old.get('exchange')! + bal);
      expect(cats.get('otherAccount'), day).toBe(old.get('otherAccount')! - bal);
      for (const k of ['JustLend', 'SunSwap', 'SunCurve', 'otherContract']) expect(cats.get(k), `${day} ${k}`).toBe(old.get(k));
    }
    expect(moved).toBeGreaterThan(0);
  });

  it('the same labels loaded again rebuild nothing in full', async () => {
    const again = await loadReferences(lake, labels);
    expect(again.tables.daily_stablecoin_distribution!.rebuilt?.how).not.toBe('full');
    expect(again.tables.daily_stablecoin_distribution!.partitions).toEqual(after.tables.daily_stablecoin_distribution!.partitions);
  }, budget(120));
});
