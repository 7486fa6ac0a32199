/**
 * The request log's batched destination (src/http/log-stream.ts): lines go out together, in order, within the delay or
 * the byte bound; a warning or error goes out at once after what was gathered; closing flushes. And end to end: an app
 * with the log on writes one line per answered request, each whole, none lost at close.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BatchedLog } from '../../src/http/log-stream.ts';
import { buildApp } from '../../src/http/app.ts';
import { endpoints } from '../../src/endpoints/index.ts';
import { lakeDir } from '../helpers/lake.ts';

const info = (n: number) => `{"level":30,"time":${n},"msg":"request completed"}\n`;
const warn = (n: number) => `{"level":40,"time":${n},"msg":"export cut"}\n`;

function collector() {
  const chunks: string[] = [];
  return { chunks, out: { write: (c: string) => void chunks.push(c) } };
}

afterEach(() => void vi.useRealTimers());

describe('BatchedLog', () => {
  it('gathers info lines and writes them in one chunk, in order, after the delay', () => {
    vi.useFakeTimers();
    const { chunks, out } = collector();
    const log = new BatchedLog(out, 1 << 20, 200);
    for (let i = 0; i < 5; i++) log.write(info(i));
    expect(chunks).toEqual([]);
    vi.advanceTimersByTime(199);
    expect(chunks).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(chunks).toEqual([[0, 1, 2, 3, 4].map(info).join('')]);
    log.close();
  });

  it('writes when the gathered bytes reach the bound, not before', () => {
    vi.useFakeTimers();
    const { chunks, out } = collector();
    const line = info(1);
    const log = new BatchedLog(out, line.length * 3, 10_000);
    log.write(info(1));
    log.write(info(1));
    expect(chunks).toHaveLength(0);
    log.write(info(1));
    expect(chunks).toEqual([info(1).repeat(3)]);
    log.close();
  });

  it('a warning or an error goes out at once, after the lines gathered before it; so does a line that is not pino', () => {
    const { chunks, out } = collector();
    const log = new BatchedLog(out, 1 << 20, 10_000);
    log.write(info(1));
    log.write(warn(2));
    expect(chunks).toEqual([info(1) + warn(2)]);
    log.write(`{"level":50,"time":3}\n`);
    log.write('plain text\n');
    expect(chunks.slice(1)).toEqual([`{"level":50,"time":3}\n`, 'plain text\n']);
    log.write(`{"level":20,"time":4}\n`);
    expect(chunks).toHaveLength(3);
    log.close();
    expect(chunks[3]).toBe(`{"level":20,"time":4}\n`);
  });

  it('close flushes and stops listening for the exit; nothing gathered, nothing written', () => {
    const { chunks, out } = collector();
    const before = process.listenerCount('exit');
    const log = new BatchedLog(out);
    expect(process.listenerCount('exit')).toBe(before + 1);
    log.flush();
    expect(chunks).toEqual([]);
    log.write(info(7));
    log.close();
    expect(chunks).toEqual([info(7)]);
    expect(process.listenerCount('exit')).toBe(before);
  });
});

describe('the request log of an app', () => {
  it('one whole line per answered request, none lost when the app closes', async () => {
    const { chunks, out } = collector();
    const logStream = new BatchedLog(out, 1 << 20, 60_000);
    const app = await buildApp({ dataDir: lakeDir(), endpoints, logger: true, logStream });
    const urls = ['/api/block?limit=1', '/api/transaction?limit=1', '/api/block?limit=abc'];
    const statuses: number[] = [];
    for (const url of urls) statuses.push((await app.inject({ method: 'GET', url })).statusCode);
    await app.inject({ method: 'GET', url: '/health' });
    expect(chunks).toEqual([]);
    await app.close();
    const lines = chunks.join('').split('\n').filter(Boolean).map((l) => JSON.parse(l) as { req?: { url: string }; res?: { statusCode: number } });
    const answered = lines.filter((l) => l.req !== undefined);
    expect(answered.map((l) => [l.req!.url, l.res!.statusCode])).toEqual(urls.map((u, i) => [u, statuses[i]]));
    expect(statuses).toEqual([200, 200, 400]);
  });
});
