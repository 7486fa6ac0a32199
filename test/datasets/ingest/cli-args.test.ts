// `tronlake ingest` flags → options (datasets/ingest/index.ts).
import { describe, expect, it } from 'vitest';
import { parseIngestArgs } from '../../../datasets/ingest/index.ts';

describe('parseIngestArgs', () => {
  it('reads every flag', () => {
    const o = parseIngestArgs([
      '--node', 'http://n:8090', '--solidity-node', 'http://n:8091', '--api-key', 'k', '--out', 'd', '--from', '10', '--to', '20',
      '--batch', '50', '--concurrency', '4', '--publish-blocks', '7', '--publish-seconds', '9', '--retries', '2', '--timeout-ms', '1000',
      '--no-token-metadata', '--verify', '--resume', '--single-thread', '--no-progress',
    ]);
    expect(o).toMatchObject({
      node: 'http://n:8090', solidityNode: 'http://n:8091', apiKey: 'k', out: 'd', from: 10, to: 20, batchSize: 50, concurrency: 4,
      publishEveryBlocks: 7, publishEverySeconds: 9, retries: 2, timeoutMs: 1000, tokenMetadata: false, verify: true, resume: true,
      worker: false, progress: false, follow: false,
    });
    expect(parseIngestArgs(['--node', 'n', '--out', 'd', '--follow', '--unconfirmed'])).toMatchObject({ follow: true, unconfirmed: true, worker: true, progress: 'auto' });
    expect(parseIngestArgs(['--help'])).toBe('help');
    // --trc20-tracked: a list of Base58 contracts, '' for none; absent = the default list (trc20-snapshots.ts).
    expect(parseIngestArgs(['--node', 'n', '--out', 'd', '--trc20-tracked', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t, TMwFHYXLJaRUPeW6421aqXL4ZEzPRFGkGT']))
      .toMatchObject({ trc20Tracked: ['TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', 'TMwFHYXLJaRUPeW6421aqXL4ZEzPRFGkGT'] });
    expect(parseIngestArgs(['--node', 'n', '--out', 'd', '--trc20-tracked', ''])).toMatchObject({ trc20Tracked: [] });
    expect(parseIngestArgs(['--node', 'n', '--out', 'd'])).not.toHaveProperty('trc20Tracked');
  });

  it('refuses bad combinations with a clear message', () => {
    expect(() => parseIngestArgs(['--out', 'd'])).toThrow(/--node/);
    expect(() => parseIngestArgs(['--node', 'n'])).toThrow(/--out/);
    expect(() => parseIngestArgs(['--node', 'n', '--out', 'd', '--batch', '101'])).toThrow(/1..100/);
    expect(() => parseIngestArgs(['--node', 'n', '--out', 'd', '--from', '5', '--to', '4'])).toThrow(/--to must be/);
    expect(() => parseIngestArgs(['--node', 'n', '--out', 'd', '--follow', '--to', '4'])).toThrow(/exclude/);
    expect(() => parseIngestArgs(['--node', 'n', '--out', 'd', '--from', 'x'])).toThrow(/--from must be/);
    expect(() => parseIngestArgs(['--node', 'n', '--out', 'd', '--bogus'])).toThrow();
    expect(() => parseIngestArgs(['--node', 'n', '--out', 'd', '--trc20-tracked', 'USDT'])).toThrow(/--trc20-tracked: 'USDT' is not a Base58/);
  });
});
