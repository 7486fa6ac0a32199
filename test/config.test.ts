/**
 * `forWorker` (src/config.ts): the machine-wide limits shared out among the serving processes. Each case's shares
 * are written by hand from the rule (floor, the remainder to the first processes, at least 1 while a limit is on;
 * off and unbounded kept), and the shares of every process must add up to the whole.
 */
import { describe, expect, it } from 'vitest';
import { forWorker, serveConfig } from '../src/config.ts';

const shares = (flags: Record<string, string>) => {
  const cfg = serveConfig(flags, {});
  return Array.from({ length: cfg.workers }, (_, i) => forWorker(cfg, i));
};

describe('forWorker', () => {
  it('one process keeps every setting as given', () => {
    const cfg = serveConfig({ workers: '1', pool: '3' }, {});
    expect(forWorker(cfg, 0)).toBe(cfg);
  });

  it('shares pool, queue, line, exports, cache and scrub rate; the remainder goes to the first processes', () => {
    const s = shares({ workers: '2', pool: '3', 'max-queue': '5', 'max-waiting': '1024', 'max-exports': '3', 'cache-bytes': '1001', 'scrub-rate': '7' });
    expect(s.map((c) => c.poolSize)).toEqual([2, 1]);
    expect(s.map((c) => c.maxQueue)).toEqual([3, 2]);
    expect(s.map((c) => c.maxWaiting)).toEqual([512, 512]);
    expect(s.map((c) => c.maxExports)).toEqual([2, 1]);
    expect(s.map((c) => c.cacheBytes)).toEqual([501, 500]);
    expect(s.map((c) => c.scrubRate)).toEqual([4, 3]);
    // Everything else is the same in every process.
    expect(s.map((c) => [c.port, c.timeoutMs, c.threads, c.workers])).toEqual([[3000, 15000, 1, 2], [3000, 15000, 1, 2]]);
  });

  it('a limit that is on keeps at least 1 a process; off (0) and unbounded (-1) stay', () => {
    const s = shares({ workers: '3', pool: '1', 'max-exports': '2', 'max-queue': '-1', 'max-waiting': '0', 'cache-bytes': '0', 'scrub-rate': '0' });
    expect(s.map((c) => c.poolSize)).toEqual([1, 1, 1]);
    expect(s.map((c) => c.maxExports)).toEqual([1, 1, 1]);
    expect(s.map((c) => [c.maxQueue, c.maxWaiting, c.cacheBytes, c.scrubRate])).toEqual([[-1, 0, 0, 0], [-1, 0, 0, 0], [-1, 0, 0, 0]]);
    expect(shares({ workers: '2' }).map((c) => c.maxQueue)).toEqual([undefined, undefined]);
  });

  it("shares DuckDB's memory in its own units (KB = 1000 bytes, KiB = 1024), in MB", () => {
    expect(shares({ workers: '2', memory: '4GB' }).map((c) => c.memoryLimit)).toEqual(['2000MB', '2000MB']);
    expect(shares({ workers: '3', memory: '1GiB' }).map((c) => c.memoryLimit)).toEqual(['357MB', '357MB', '357MB']);
    expect(shares({ workers: '2', memory: '1.5 MB' }).map((c) => c.memoryLimit)).toEqual(['1MB', '1MB']);
  });

  it('the default is one process per core, at most 2, at least 1', async () => {
    const os = await import('node:os');
    expect(serveConfig({}, {}).workers).toBe(Math.min(2, Math.max(1, os.cpus().length)));
  });
});
