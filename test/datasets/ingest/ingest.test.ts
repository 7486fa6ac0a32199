/**
 * End to end: a fake node on 127.0.0.1 serving the real block 43,811,922 (and renumbered copies around it) →
 * runIngest → a published lake, read back from its Parquet files.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { hexToBase58 } from '../../../src/chain/address.ts';
import { readManifest, versionDir } from '../../../src/lake/manifest.ts';
import { runIngest, type IngestOptions } from '../../../datasets/ingest/index.ts';
import { NodeNotJsonError } from '../../../src/chain/node-json.ts';
import { BIG_SUPPLY, BIG_SUPPLY_TRC10, type FakeNode, REAL_BLOCK, blockIdOf, realBlock, startFakeNode } from './fake-node.ts';
import { openLake, tempLake } from './lake-read.ts';
import { budget } from '../../helpers/budget.ts';

let node: FakeNode;
const cleanups: (() => void)[] = [];
beforeAll(async () => {
  node = await startFakeNode({ low: REAL_BLOCK - 40, head: REAL_BLOCK + 40, solid: REAL_BLOCK + 40 });
});
afterAll(async () => {
  await node.close();
  for (const c of cleanups) c();
});
afterEach(() => {
  Object.assign(node.state, { low: REAL_BLOCK - 40, head: REAL_BLOCK + 40, solid: REAL_BLOCK + 40, rateLimitNext: 0, lite: false, noSolidity: false, noWitnesses: false, unconfirmedFork: 0, slotMs: 3000, delayMs: 0 });
});

function lake(): string {
  const t = tempLake();
  cleanups.push(t.cleanup);
  return t.dir;
}

const logs: string[] = [];
const ingest = (out: string, o: Partial<IngestOptions>) =>
  runIngest({ node: node.url, out, progress: false, backoffMs: 1, log: (l) => logs.push(l), ...o });

const USDT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

describe('ingest a range', () => {
  const dir = lake();
  let fingerprint = '';

  it('publishes the real block with its hash, parent, producer and 198 transactions', async () => {
    const s = await ingest(dir, { from: REAL_BLOCK - 1, to: REAL_BLOCK + 1 });
    expect(s).toMatchObject({ from: REAL_BLOCK - 1, to: REAL_BLOCK + 1, blocks: 3, transactions: 594, publishes: 1 });
    const l = await openLake(dir);
    try {
      expect(l.manifest).toMatchObject({ head: { number: REAL_BLOCK + 1 }, solidBlock: REAL_BLOCK + 1, first: { number: REAL_BLOCK - 1 }, source: { kind: 'node', ranges: [[REAL_BLOCK - 1, REAL_BLOCK + 1]] } });
      const [b] = await l.q(`SELECT * FROM blocks WHERE block_number = ${REAL_BLOCK}`);
      expect(b).toMatchObject({
        block_hash: realBlock.blockID,
        parent_hash: realBlock.block_header.raw_data.parentHash,
        witness_address: hexToBase58(realBlock.block_header.raw_data.witness_address!),
        timestamp: 1662014442000,
        tx_count: 198,
        date: '2022-09-01',
      });
      const hashes = (await l.q(`SELECT tx_hash FROM transactions WHERE block_number = ${REAL_BLOCK} ORDER BY tx_index`)).map((r) => r.tx_hash);
      expect(hashes).toEqual(realBlock.transactions!.map((t) => t.txID));
      const [c] = await l.q(`SELECT count(*) AS n, count(DISTINCT tx_hash) AS d FROM transactions`);
      expect(c).toEqual({ n: 594, d: 594 });
      const [t] = await l.q(`SELECT count(*) AS n FROM token_transfers WHERE block_number = ${REAL_BLOCK} AND contract_address = '${USDT}'`);
      expect(t!.n).toBe(60);
      const parents = await l.q('SELECT b.block_number FROM blocks b JOIN blocks p ON p.block_number = b.block_number - 1 WHERE b.parent_hash <> p.block_hash');
      expect(parents).toEqual([]);
      fingerprint = l.manifest.fingerprint;
    } finally {
      l.close();
    }
  });

  it('dimension rows: token metadata from constant calls (unknown when the contract does not answer), contracts, witnesses', async () => {
    const l = await openLake(dir);
    try {
      const tokens = await l.q(`SELECT * FROM tokens ORDER BY token_standard, token_id`);
      const by = (id: string) => tokens.find((t) => t.token_id === id);
      expect(by(USDT)).toMatchObject({ token_standard: 'trc20', name: 'Tether USD', symbol: 'USDT', decimals: 6, total_supply_raw: '39823315858124538', issuer_address: 'TXk8rQSAvPvBBNtqSoY6nCfsXWCSSpTVQF' });
      expect(by(hexToBase58('415ace22ecc44f2d7251a872643e5642164f719c08'))).toMatchObject({ name: 'Old Token', symbol: 'OLD', decimals: 12, total_supply_raw: '1000000000000000000000000' });
      expect(by(hexToBase58('412c7c9963111905d29eb8da37d28b0f53a7bb5c28'))).toMatchObject({ name: 'unknown', symbol: 'unknown', decimals: 0, total_supply_raw: '0' });
      // A total supply printed by the node as a bare number above 2^53 stays exact.
      expect(by(BIG_SUPPLY_TRC10)).toMatchObject({ token_standard: 'trc10', name: 'BitTorrent', symbol: 'BTT', decimals: 6, total_supply_raw: BIG_SUPPLY });
      expect(tokens.filter((t) => t.token_standard === 'trc10')).toHaveLength(11);
      const contracts = await l.q(`SELECT * FROM contracts ORDER BY address`);
      expect(contracts).toHaveLength(4);
      expect(contracts.filter((c) => c.is_token).map((c) => c.address).sort()).toEqual(tokens.filter((t) => t.token_standard === 'trc20').map((t) => t.token_id).sort());
      expect(contracts.find((c) => c.address === USDT)).toMatchObject({ name: 'TetherToken', is_token: true });
      const ws = await l.q(`SELECT * FROM witnesses ORDER BY rank`);
      expect(ws).toEqual([
        expect.objectContaining({ address: 'TXk8rQSAvPvBBNtqSoY6nCfsXWCSSpTVQF', rank: 1, witness_type: 1, votes: 4_000_000_000, url: 'https://other.example', name: '' }),
        expect.objectContaining({ address: 'TUD4YXYdj2t1gP5th3A7t97mx1AUmrrQRt', rank: 2, witness_type: 1, votes: 3_000_000_000, url: 'https://producer.example' }),
      ]);
    } finally {
      l.close();
    }
  });

  it('ingesting the same range again leaves one copy of each row and the same fingerprint', async () => {
    const s = await ingest(dir, { from: REAL_BLOCK - 1, to: REAL_BLOCK + 1 });
    expect(s.manifest!.fingerprint).toBe(fingerprint);
    const s2 = await ingest(dir, { from: REAL_BLOCK, to: REAL_BLOCK });
    expect(s2.manifest!.fingerprint).toBe(fingerprint);
    const l = await openLake(dir);
    try {
      for (const [table, n] of [['blocks', 3], ['transactions', 594], ['token_transfers', 186], ['internal_transactions', 6]] as const) {
        const [c] = await l.q(`SELECT count(*) AS n FROM ${table}`);
        expect(c!.n, table).toBe(n);
      }
      const dupLogs = await l.q(`SELECT tx_hash, log_index, count(*) FROM logs GROUP BY ALL HAVING count(*) > 1`);
      expect(dupLogs).toEqual([]);
      expect(l.manifest.source.ranges).toEqual([[REAL_BLOCK - 1, REAL_BLOCK + 1]]);
    } finally {
      l.close();
    }
  });

  it('decoding in the calling thread (no worker) gives the same lake', async () => {
    const other = lake();
    const s = await ingest(other, { from: REAL_BLOCK - 1, to: REAL_BLOCK + 1, worker: false });
    expect(s.manifest!.fingerprint).toBe(fingerprint);
  });

  it('extends the lake with a new range, reusing what is published', async () => {
    const s = await ingest(dir, { from: REAL_BLOCK + 2, to: REAL_BLOCK + 3 });
    expect(s.manifest).toMatchObject({ head: { number: REAL_BLOCK + 3 }, first: { number: REAL_BLOCK - 1 } });
    expect(s.manifest!.tables.transactions!.rows).toBe(5 * 198);
    expect(s.manifest!.source.ranges).toEqual([[REAL_BLOCK - 1, REAL_BLOCK + 3]]);
  });
});

describe('resume and publish cadence', () => {
  it('a run published in steps, continued with --resume, equals one uninterrupted run', async () => {
    const a = lake();
    const partial = await ingest(a, { from: REAL_BLOCK - 6, to: REAL_BLOCK - 2, batchSize: 2, publishEveryBlocks: 2 });
    expect(partial.publishes).toBe(3);
    const resumed = await ingest(a, { from: REAL_BLOCK - 6, to: REAL_BLOCK + 3, resume: true, batchSize: 3 });
    expect(resumed.from).toBe(REAL_BLOCK - 1);
    expect(resumed.blocks).toBe(5);
    const b = lake();
    const whole = await ingest(b, { from: REAL_BLOCK - 6, to: REAL_BLOCK + 3 });
    expect(resumed.manifest!.fingerprint).toBe(whole.manifest!.fingerprint);
    // Nothing left to do: resume ends at once.
    const again = await ingest(a, { from: REAL_BLOCK - 6, to: REAL_BLOCK + 3, resume: true });
    expect(again).toMatchObject({ blocks: 0, publishes: 0 });
  });

  it('without --from, continues after the lake solid block', async () => {
    const a = lake();
    await ingest(a, { from: REAL_BLOCK, to: REAL_BLOCK });
    const s = await ingest(a, { to: REAL_BLOCK + 2 });
    expect(s.from).toBe(REAL_BLOCK + 1);
    expect(s.manifest!.tables.blocks!.rows).toBe(3);
  });

  it('rewrites only the days it touches', async () => {
    // Blocks an hour apart: REAL_BLOCK (06:40 UTC) … +18 cross midnight into 2022-09-02.
    node.state.slotMs = 3_600_000;
    const a = lake();
    const s1 = await ingest(a, { from: REAL_BLOCK + 15, to: REAL_BLOCK + 20 });
    expect(Object.keys(s1.manifest!.tables.blocks!.partitions!).sort()).toEqual(['2022-09-01', '2022-09-02']);
    const v1 = versionDir(a, s1.manifest!);
    const day1 = path.join(v1, 'raw', 'transactions', 'date=2022-09-01');
    const ino1 = (await fs.stat(path.join(day1, (await fs.readdir(day1))[0]!))).ino;
    const s2 = await ingest(a, { from: REAL_BLOCK + 19, to: REAL_BLOCK + 20 });
    expect(s2.manifest!.fingerprint).toBe(s1.manifest!.fingerprint);
    const day1b = path.join(versionDir(a, s2.manifest!), 'raw', 'transactions', 'date=2022-09-01');
    // The untouched day is hard-linked from the previous version, not rewritten.
    expect((await fs.stat(path.join(day1b, (await fs.readdir(day1b))[0]!))).ino).toBe(ino1);
    const l = await openLake(a);
    try {
      const days = await l.q(`SELECT date, count(*) AS n FROM blocks GROUP BY date ORDER BY date`);
      expect(days).toEqual([{ date: '2022-09-01', n: 3 }, { date: '2022-09-02', n: 3 }]);
    } finally {
      l.close();
    }
  });
});

describe('follow', () => {
  it('publishes blocks above the solid head as unconfirmed and replaces them when they solidify', async () => {
    const a = lake();
    Object.assign(node.state, { low: REAL_BLOCK - 2, solid: REAL_BLOCK, head: REAL_BLOCK + 2, unconfirmedFork: 1 });
    const ac = new AbortController();
    // Only a hang is stopped, after the work's quiet seconds times the slack (a fixed 30 s failed at load ~15).
    const guard = setTimeout(() => ac.abort(), budget(15));
    const seen: string[] = [];
    let phase = 0;
    const s = await runIngest({
      node: node.url, out: a, from: REAL_BLOCK - 2, follow: true, unconfirmed: true, pollSeconds: 0.05, publishEveryBlocks: 1,
      progress: false, signal: ac.signal,
      log: (line) => {
        seen.push(line);
        if (!line.startsWith('published')) return;
        if (phase === 0 && line.includes(`head ${REAL_BLOCK + 2}, solid ${REAL_BLOCK},`)) {
          phase = 1;
          // The fork above the old solid head is abandoned: the canonical blocks solidify, one more appears.
          Object.assign(node.state, { solid: REAL_BLOCK + 2, head: REAL_BLOCK + 3 });
        } else if (phase === 1 && line.includes(`head ${REAL_BLOCK + 3}, solid ${REAL_BLOCK + 2},`)) {
          ac.abort();
        }
      },
    });
    clearTimeout(guard);
    expect(phase).toBe(1);
    expect(s.manifest).toMatchObject({ head: { number: REAL_BLOCK + 3 }, solidBlock: REAL_BLOCK + 2 });
    const l = await openLake(a);
    try {
      const blocks = await l.q(`SELECT block_number, block_hash FROM blocks ORDER BY 1`);
      expect(blocks.map((b) => b.block_number)).toEqual([REAL_BLOCK - 2, REAL_BLOCK - 1, REAL_BLOCK, REAL_BLOCK + 1, REAL_BLOCK + 2, REAL_BLOCK + 3]);
      expect(blocks[3]!.block_hash).toBe(blockIdOf(REAL_BLOCK + 1));
      expect(blocks[4]!.block_hash).toBe(blockIdOf(REAL_BLOCK + 2));
      expect(blocks[5]!.block_hash).not.toBe(blockIdOf(REAL_BLOCK + 3)); // still the unconfirmed fork
      const [t] = await l.q(`SELECT count(*) AS n, count(DISTINCT tx_hash) AS d FROM transactions`);
      expect(t).toEqual({ n: 6 * 198, d: 6 * 198 });
    } finally {
      l.close();
    }
  });

  it('stops at followUntil with everything final', async () => {
    const a = lake();
    Object.assign(node.state, { solid: REAL_BLOCK + 1, head: REAL_BLOCK + 3 });
    const s = await ingest(a, { from: REAL_BLOCK - 1, follow: true, followUntil: REAL_BLOCK + 1, pollSeconds: 0.05 });
    expect(s.manifest).toMatchObject({ head: { number: REAL_BLOCK + 1 }, solidBlock: REAL_BLOCK + 1 });
  });
});

describe('node faults', () => {
  it('rides out rate limiting', async () => {
    const a = lake();
    node.state.rateLimitNext = 6;
    const s = await ingest(a, { from: REAL_BLOCK, to: REAL_BLOCK + 1 });
    expect(s.blocks).toBe(2);
    expect(logs.some((l) => /retry \d of .* lack of computing resources/.test(l))).toBe(true);
  });

  it('a lite full node: clear error, the published version untouched', async () => {
    const a = lake();
    const first = await ingest(a, { from: REAL_BLOCK, to: REAL_BLOCK });
    node.state.lite = true;
    await expect(ingest(a, { from: REAL_BLOCK + 1, to: REAL_BLOCK + 2 })).rejects.toThrow(NodeNotJsonError);
    expect((await readManifest(a))!.version).toBe(first.manifest!.version);
  });

  it('without /walletsolidity and /wallet/listwitnesses: every block final, producers as witnesses', async () => {
    const a = lake();
    Object.assign(node.state, { noSolidity: true, noWitnesses: true });
    const s = await ingest(a, { from: REAL_BLOCK, to: REAL_BLOCK + 1 });
    expect(s.manifest!.solidBlock).toBe(REAL_BLOCK + 1);
    const l = await openLake(a);
    try {
      expect(await l.q('SELECT address, name, rank FROM witnesses')).toEqual([{ address: 'TUD4YXYdj2t1gP5th3A7t97mx1AUmrrQRt', name: '', rank: 1 }]);
    } finally {
      l.close();
    }
  });

  it('without token metadata calls, tokens are explicitly unknown', async () => {
    const a = lake();
    const s = await ingest(a, { from: REAL_BLOCK, to: REAL_BLOCK, tokenMetadata: false });
    const l = await openLake(a);
    try {
      const [u] = await l.q(`SELECT name, symbol FROM tokens WHERE token_id = '${USDT}'`);
      expect(u).toEqual({ name: 'unknown', symbol: 'unknown' });
      expect(s.blocks).toBe(1);
    } finally {
      l.close();
    }
  });

  it('refuses a range the node does not have', async () => {
    const a = lake();
    await expect(ingest(a, { from: REAL_BLOCK + 39, to: REAL_BLOCK + 45 })).rejects.toThrow(/returned 2 of the 7 blocks/);
    expect(await readManifest(a)).toBeNull();
  });
});
