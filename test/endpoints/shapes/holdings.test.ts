/**
 * The holdings of an address (src/endpoints/shapes/holdings.ts) read their tokens' facts from the version's whole
 * table when the tokens dimension is small, else for the address's tokens only: both answer the same holdings, in
 * the order (standard, token id). Values are checked against plain SQL by the endpoints' own tests
 * (test/endpoints/account/account-tokens.test.ts, wallet/account-wallet.test.ts); this checks the two paths agree.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Engine } from '../../../src/engine/engine.ts';
import { endpointContext, loadTemplates } from '../../../src/endpoints/kit/context.ts';
import { VERSION_ROWS_MAX } from '../../../src/endpoints/kit/per-version.ts';
import { holdingsOf } from '../../../src/endpoints/shapes/holdings.ts';
import accountTokens from '../../../src/endpoints/account/account-tokens.ts';
import { lakeDir, sql, testManifest } from '../../helpers/lake.ts';

let engine: Engine;
beforeAll(async () => {
  engine = await Engine.open({ dataDir: lakeDir(), manifest: await testManifest(), poolSize: 2, threads: 1, memoryLimit: '1GB', timeoutMs: 30_000 });
});
afterAll(async () => engine?.close());

describe('holdingsOf', () => {
  it('answers the same from the per-version facts and from the facts of the address tokens', async () => {
    const templates = await loadTemplates([accountTokens]);
    const small = endpointContext(engine, templates, accountTokens);
    const m = small.manifest;
    const big = { ...small, manifest: { ...m, tables: { ...m.tables, tokens: { ...m.tables.tokens!, rows: VERSION_ROWS_MAX + 1 } } } };
    // The receivers of the most tokens (of several standards first), and the zero address's never-held positions.
    const holders = (await sql(`SELECT to_address AS a FROM raw_token_transfers GROUP BY 1
      ORDER BY count(DISTINCT token_standard) DESC, count(DISTINCT contract_address) DESC, 1 LIMIT 8`)).map((r) => String(r.a));
    expect(holders.length).toBeGreaterThan(0);
    let tokens = 0;
    for (const address of [...holders, 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf']) {
      const [a, b] = [await holdingsOf(small, address), await holdingsOf(big, address)];
      expect(b).toEqual(a);
      const keys = a.slice(1).map((h) => [h.standard, h.tokenId] as const);
      const sorted = [...keys].sort((x, y) => (x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : x[1] < y[1] ? -1 : x[1] > y[1] ? 1 : 0));
      expect(keys).toEqual(sorted);
      tokens += keys.length;
    }
    expect(tokens).toBeGreaterThan(holders.length);
  });
});
