/**
 * The second lake of the test run: built by the ingester (datasets/ingest) from the fake java-tron node of
 * test/datasets/ingest/fake-node.ts, so the Foundation endpoint tests (test/endpoints/block, test/endpoints/transaction)
 * also run over ingested data (issue 3). The chain: 61 blocks around the real mainnet block 43,811,922, copies two
 * hours apart (five UTC days), `rich` copies (reverts, approvals, TRC721 and TRC1155 events), the last two blocks
 * above the solidified head (unconfirmed), a SunSwap V2 USDT/WTRX swap per rich copy (WTRX tracked: its sellers'
 * balances anchored), `staking` copies (stake, delegation and vote transactions; account snapshots
 * as of the solid head read from the node's state APIs), the shipped reference sample. About 12,000 transactions, ingested in ~2 s.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { setupTimer } from './global-setup.ts';

export const INGESTED_CHAIN = { before: 20, after: 40, unconfirmed: 2, slotMs: 2 * 3_600_000 };

export default async function setup(project: TestProject): Promise<() => void> {
  // TRONLAKE_TEST_INGESTED_LAKE=<dir> reuses a lake ingested with these settings (ignored when CI is set).
  const reuse = process.env.CI ? undefined : process.env.TRONLAKE_TEST_INGESTED_LAKE;
  if (reuse) {
    project.provide('lakeDir', reuse);
    return () => {};
  }
  const took = setupTimer();
  const { ingestedLake } = await import('./helpers/ingested-lake.ts');
  const root = mkdtempSync(path.join(os.tmpdir(), 'tronlake-test-ingested-'));
  // With the shipped reference sample (datasets/reference), as an operator would ingest: its project contracts are
  // the real pools and markets whose events the fake node serves, so the DeFi endpoints answer over ingested data too.
  // WTRX tracked beside the default stablecoins: the rich copies' USDT/WTRX swap sellers spend WTRX they held before
  // the lake's first block (WTRX is minted by Deposit, without a Transfer: ref §1.7), so their balances are anchored.
  const { DEFAULT_TRACKED_TRC20 } = await import('../datasets/ingest/trc20-snapshots.ts');
  const trc20Tracked = [...DEFAULT_TRACKED_TRC20, 'TNUC9Qb1rRpS5CbWLmNMxXBjyFoydXjWFR'];
  const lakeDir = await ingestedLake({ ...INGESTED_CHAIN, rich: true, staking: true, reference: path.resolve('datasets/reference'), trc20Tracked }, root);
  console.log(`global setup (ingested): fake-node lake ingested in ${took()}`);
  project.provide('lakeDir', lakeDir);
  return () => rmSync(root, { recursive: true, force: true });
}
