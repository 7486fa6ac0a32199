/**
 * Lakes built by the real ingester from the fake java-tron node (test/datasets/ingest/fake-node.ts), for tests that
 * need a lake of their own: a one-block lake (the real mainnet block alone), or a small chain to damage.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface IngestedLakeOptions {
  /** Blocks before and after the real block 43,811,922 (0 and 0 = the real block alone). */
  before: number;
  after: number;
  /** Time between renumbered copies (ms); 3 s on mainnet. */
  slotMs?: number;
  rich?: boolean;
  /** Copies also carry stake, delegation and vote transactions of four stakers, and the node answers state APIs (fake-node-state.ts). */
  staking?: boolean;
  /** Blocks above the solidified head. */
  unconfirmed?: number;
  /** Reference files published with the first version (`tronlake ingest --reference`), e.g. datasets/reference. */
  reference?: string;
  /** TRC20 contracts whose balances the ingest reads with the snapshots (`--trc20-tracked`; default the ingester's). */
  trc20Tracked?: readonly string[];
}

/** Ingests a lake into a new temp folder and returns that folder, e.g. `await ingestedLake({ before: 0, after: 0 })`. */
export async function ingestedLake(o: IngestedLakeOptions, root = mkdtempSync(path.join(os.tmpdir(), 'tronlake-ingested-'))): Promise<string> {
  const { runIngest } = await import('../../datasets/ingest/index.ts');
  const { startFakeNode, REAL_BLOCK } = await import('../datasets/ingest/fake-node.ts');
  const lakeDir = path.join(root, 'lake');
  const from = REAL_BLOCK - o.before;
  const to = REAL_BLOCK + o.after;
  const node = await startFakeNode({ low: from, head: to, solid: to - (o.unconfirmed ?? 0), slotMs: o.slotMs ?? 3_000, rich: o.rich ?? false, staking: o.staking ?? false, record: false });
  try {
    await runIngest({ node: node.url, out: lakeDir, from, to, progress: false, log: () => undefined, referenceDir: o.reference, ...(o.trc20Tracked ? { trc20Tracked: o.trc20Tracked } : {}) });
  } finally {
    await node.close();
  }
  return lakeDir;
}
