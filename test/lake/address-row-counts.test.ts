/**
 * address_row_counts (the list kit's busy-address check): per by-address copy, each address's rows, counted here
 * from the copies' own files with plain SQL.
 */
import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { lakeDir, sql, testManifest } from '../helpers/lake.ts';

const files = async (name: string, glob: string) => `read_parquet('${path.join(lakeDir(), 'versions', (await testManifest()).version, 'derived', name, glob)}')`;

describe('address_row_counts', () => {
  it('holds every address of the token-transfer and internal copies with its row count there', async () => {
    const copies = ['address_token_transfers', 'address_internal_transactions'];
    const counted = (await Promise.all(copies.map(async (c) => `SELECT '${c}' AS dataset, address, count(*) AS n FROM ${await files(c, '*/*.parquet')} GROUP BY address`))).join(
      ' UNION ALL ',
    );
    const counts = await files('address_row_counts', '*.parquet');
    const [diff] = await sql(
      `SELECT count(*) AS n FROM (${counted}) c FULL OUTER JOIN ${counts} r
         ON r.dataset = c.dataset AND r.address IS NOT DISTINCT FROM c.address
       WHERE c.n IS DISTINCT FROM r.row_count`,
    );
    expect(Number(diff!.n)).toBe(0);
    const [busy] = await sql(`SELECT count(*) AS n FROM ${counts} WHERE row_count > 2000`);
    // The tiny lake has a few busy addresses, so the kit's windowed path is exercised by the endpoint tests.
    expect(Number(busy!.n)).toBeGreaterThan(0);
  });

  it("leaves address_transactions to account_activity's tx_total, which is every address's rows there", async () => {
    const copy = await files('address_transactions', '*/*.parquet');
    const activity = await files('account_activity', '*.parquet');
    const [diff] = await sql(
      `SELECT count(*) AS n, count(c.address) AS addresses FROM (SELECT address, count(*) AS n FROM ${copy} GROUP BY address) c
       FULL OUTER JOIN ${activity} a USING (address)
       WHERE c.n IS DISTINCT FROM a.tx_total`,
    );
    expect(Number(diff!.n)).toBe(0);
    const [held] = await sql(`SELECT count(*) AS n FROM ${await files('address_row_counts', '*.parquet')} WHERE dataset = 'address_transactions'`);
    expect(Number(held!.n)).toBe(0);
    const [busy] = await sql(`SELECT count(*) AS n FROM ${activity} WHERE tx_total > 2000`);
    expect(Number(busy!.n)).toBeGreaterThan(0);
  });
});
