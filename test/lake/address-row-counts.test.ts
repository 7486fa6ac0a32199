/**
 * address_row_counts (the list kit's busy-address check and stored totals): per by-address copy, each address's rows
 * per token standard, counted here from the copies' own files with plain SQL.
 */
import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { lakeDir, sql, testManifest } from '../helpers/lake.ts';

const files = async (name: string, glob: string) => `read_parquet('${path.join(lakeDir(), 'versions', (await testManifest()).version, 'derived', name, glob)}')`;

describe('address_row_counts', () => {
  it('holds every address of the token-transfer and internal copies with its row count there per token standard', async () => {
    const standard = { address_token_transfers: 'token_standard', address_internal_transactions: "''" };
    const counted = (
      await Promise.all(
        Object.entries(standard).map(async ([c, s]) => `SELECT '${c}' AS dataset, address, ${s} AS token_standard, count(*) AS n FROM ${await files(c, '*/*.parquet')} GROUP BY ALL`),
      )
    ).join(' UNION ALL ');
    const counts = await files('address_row_counts', '*.parquet');
    const [diff] = await sql(
      `SELECT count(*) AS n FROM (${counted}) c FULL OUTER JOIN ${counts} r
         ON r.dataset = c.dataset AND r.address IS NOT DISTINCT FROM c.address AND r.token_standard = c.token_standard
       WHERE c.n IS DISTINCT FROM r.row_count`,
    );
    expect(Number(diff!.n)).toBe(0);
    const [standards] = await sql(`SELECT count(DISTINCT token_standard) AS n FROM ${counts} WHERE dataset = 'address_token_transfers'`);
    expect(Number(standards!.n)).toBeGreaterThan(1);
    const [busy] = await sql(`SELECT count(*) AS n FROM (SELECT dataset, address FROM ${counts} GROUP BY ALL HAVING sum(row_count) > 2000)`);
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
