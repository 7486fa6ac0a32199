/**
 * The decode worker (see pipeline.ts): fetches, parses and decodes block ranges off the main thread and posts
 * `DecodedBatch`es back, at most two ahead of their acknowledgement.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { AddressBook } from './decode.ts';
import { NodeClient, type Transport } from './node-client.ts';
import { type ClientConfig, type FromWorker, type ToWorker, decodeRange } from './pipeline.ts';

const port = parentPort!;
const data = workerData as { config: ClientConfig; addressCacheSize: number; proxy: boolean };
const post = (m: FromWorker): void => port.postMessage(m);

// A custom transport lives in the main thread: requests go there and back.
let nextId = 0;
const pending = new Map<number, { resolve: (r: { status: number; text: string }) => void; reject: (e: Error) => void }>();
const proxyTransport: Transport = (url, body, headers) =>
  new Promise((resolve, reject) => {
    const id = nextId++;
    pending.set(id, { resolve, reject });
    post({ type: 'request', id, url, body, headers });
  });

const client = new NodeClient({
  ...data.config,
  transport: data.proxy ? proxyTransport : undefined,
  onRetry: (p, n, why, ms) => post({ type: 'log', line: `retry ${n} of ${p} in ${Math.round(ms)} ms: ${why}` }),
});
const book = new AddressBook(data.addressCacheSize);

const WINDOW = 2;
let unacked = 0;
let wakeAck: (() => void) | null = null;

port.on('message', (m: ToWorker) => {
  if (m.type === 'ack') {
    unacked--;
    wakeAck?.();
  } else if (m.type === 'response') {
    const p = pending.get(m.id);
    pending.delete(m.id);
    if (!p) return;
    if (m.error !== undefined) p.reject(new Error(m.error));
    else p.resolve({ status: m.status ?? 0, text: m.text ?? '' });
  } else if (m.type === 'start') {
    void run(m.job);
  }
});

async function run(job: Extract<ToWorker, { type: 'start' }>['job']): Promise<void> {
  try {
    for await (const batch of decodeRange(client, book, job)) {
      while (unacked >= WINDOW) await new Promise<void>((r) => (wakeAck = r));
      unacked++;
      post({ type: 'batch', batch });
    }
    post({ type: 'done', hits: book.hits, misses: book.misses });
  } catch (e) {
    const err = e instanceof Error ? e : new Error(String(e));
    post({ type: 'error', name: err.name, message: err.message });
  }
}
