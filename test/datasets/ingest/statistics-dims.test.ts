/**
 * The statistics dimensions of an ingested lake (issue 11): the node's resource price histories become
 * resource_prices; a --pre-window file becomes pre_window_totals, checked against the lake's first block.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Db } from '../../../src/duckdb/duck.ts';
import { readManifest, versionDir } from '../../../src/lake/manifest.ts';
import { runIngest } from '../../../datasets/ingest/index.ts';
import { parsePriceHistory, readPreWindow } from '../../../datasets/ingest/statistics-dims.ts';
import { BANDWIDTH_PRICES, ENERGY_PRICES, MEMO_PRICES, REAL_BLOCK, startFakeNode } from './fake-node.ts';

const root = mkdtempSync(path.join(os.tmpdir(), 'tronlake-stats-dims-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('statistics dimensions of an ingested lake', () => {
  it('parses a java-tron price history and refuses a malformed one', () => {
    expect(parsePriceHistory('energy', '1575871200000:10, 0:100')).toEqual([
      { resource: 'energy', from_ts: 0, price_sun: 100 },
      { resource: 'energy', from_ts: 1575871200000, price_sun: 10 },
    ]);
    expect(() => parsePriceHistory('bandwidth', '0:10,abc')).toThrow(/malformed/);
  });

  it('checks a pre-window file: fields, and as_of_block = the first block - 1', () => {
    const f = path.join(root, 'pre.json');
    writeFileSync(f, JSON.stringify({ as_of_block: 99, tx_count: '123456789012345678901', blockchain_size_bytes: 5 }));
    expect(readPreWindow(f, 100)).toMatchObject({ as_of_block: 99, tx_count: 123456789012345678901n, blockchain_size_bytes: 5n });
    expect(() => readPreWindow(f, 101)).toThrow(/as_of_block 99 must be .* \(100\)/);
    writeFileSync(f, JSON.stringify({ as_of_block: 99, tx_count: -1, blockchain_size_bytes: 5 }));
    expect(() => readPreWindow(f, 100)).toThrow(/tx_count/);
  });

  it('writes the node price history and the pre-window totals into the lake', async () => {
    const from = REAL_BLOCK - 1;
    const pre = path.join(root, 'pre-ok.json');
    writeFileSync(pre, JSON.stringify({ as_of_block: from - 1, tx_count: 4_000_000_000, blockchain_size_bytes: '1500000000000' }));
    const node = await startFakeNode({ low: from, head: REAL_BLOCK, solid: REAL_BLOCK, slotMs: 3_000, rich: false, record: false });
    const out = path.join(root, 'lake');
    try {
      await runIngest({ node: node.url, out, from, to: REAL_BLOCK, progress: false, log: () => undefined, preWindow: pre });
    } finally {
      await node.close();
    }
    const m = (await readManifest(out))!;
    const db = await Db.open({ threads: 1 });
    try {
      const dim = (name: string) => path.join(versionDir(out, m), 'dim', `${name}.parquet`);
      const prices = await db.all(`SELECT resource, from_ts, price_sun FROM read_parquet('${dim('resource_prices')}') ORDER BY resource, from_ts`);
      const expected = [...parsePriceHistory('bandwidth', BANDWIDTH_PRICES), ...parsePriceHistory('energy', ENERGY_PRICES), ...parsePriceHistory('memo', MEMO_PRICES)];
      expect(prices.map((r) => [r.resource, Number(r.from_ts), Number(r.price_sun)])).toEqual(expected.map((p) => [p.resource, p.from_ts, p.price_sun]));
      const [t] = await db.all(`SELECT as_of_block, CAST(tx_count AS VARCHAR) AS tx, CAST(blockchain_size_bytes AS VARCHAR) AS b FROM read_parquet('${dim('pre_window_totals')}')`);
      expect([Number(t!.as_of_block), t!.tx, t!.b]).toEqual([from - 1, '4000000000', '1500000000000']);
    } finally {
      db.close();
    }
  });
});
