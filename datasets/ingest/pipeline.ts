/**
 * Fetch + parse + decode of block ranges into `DecodedBatch`es (column arrays ready for the staging bulk load),
 * either in a worker thread (default: the main thread keeps DuckDB busy meanwhile, so both cores work) or in the
 * calling thread. The worker speaks a small message protocol (decode-worker.ts); a custom `Transport` (tests, the
 * bench) stays in the main thread and the worker's requests are proxied to it.
 */
import { Worker } from 'node:worker_threads';
import type { AppendCell } from '../../src/duckdb/duck.ts';
import { type NodeBlock, type NodeTransactionInfo, NodeNotJsonError, int } from '../../src/chain/node-json.ts';
import { AddressBook, BlockDataError, Seen, type ContractSeen, type TokenStandard, type Trc10Issue, decodeBlock } from './decode.ts';
import { pool } from './pool.ts';
import { type Deferred, NodeApiError, NodeClient, type NodeClientOptions, NodeUnavailableError, type Transport } from './node-client.ts';
import { computeBlockId, computeTxId } from './protobuf.ts';
import { RawBuffers } from './rows.ts';

/** What a decoded batch says the dimensions need (a `Seen` as plain, cloneable data). */
export interface SeenData {
  tokens: [string, TokenStandard][];
  trc10: string[];
  trc10Issues: Trc10Issue[];
  contracts: [string, ContractSeen][];
  producers: string[];
}

export interface DecodedBatch {
  from: number;
  to: number;
  blocks: number;
  transactions: number;
  /** dataset name → columns in catalog order. */
  tables: Record<string, AppendCell[][]>;
  days: string[];
  seen: SeenData;
  parseMs: number;
  decodeMs: number;
  fetchWaitMs: number;
}

/** The serialisable part of the client options (a worker builds its own client from it). */
export type ClientConfig = Omit<NodeClientOptions, 'transport' | 'onRetry'>;

export interface DecodeJob {
  from: number;
  to: number;
  batchSize: number;
  concurrency: number;
  verify: boolean;
  /** Token contracts known to emit TRC1155 events (decides the standard of ApprovalForAll). */
  known1155: string[];
}

export function seenToData(s: Seen): SeenData {
  return {
    tokens: [...s.tokens],
    trc10: [...s.trc10],
    trc10Issues: [...s.trc10Issues.values()],
    contracts: [...s.contracts],
    producers: [...s.producers],
  };
}

export function seenFromData(d: SeenData): Seen {
  const s = new Seen();
  for (const [a, st] of d.tokens) s.tokens.set(a, st);
  for (const t of d.trc10) s.trc10.add(t);
  for (const t of d.trc10Issues) s.trc10Issues.set(t.id, t);
  for (const [a, c] of d.contracts) s.contracts.set(a, c);
  for (const p of d.producers) s.producers.add(p);
  return s;
}

/** A source of decoded batches for consecutive block ranges. */
export interface BatchSource {
  batches(job: DecodeJob): AsyncIterable<DecodedBatch>;
  /** Address-cache counters of the decoder. */
  addressCache(): { hits: number; misses: number };
  close(): Promise<void>;
}

// ---------------------------------------------------------------------------------------------------------------
// Fetch and decode (used by both sources)

interface Fetched {
  from: number;
  to: number;
  blocks: NodeBlock[];
  /** Parsed block by block while decoding. */
  infos: Deferred<NodeTransactionInfo[]>[];
}

interface Unparsed {
  from: number;
  to: number;
  blocks: Deferred<NodeBlock[]>;
  infos: Deferred<NodeTransactionInfo[]>[];
}

/**
 * Fetches [from, to] in batches of `batchSize` blocks, each with its transaction infos, two batches ahead of the
 * consumer so the network overlaps decoding. Answers stay unparsed until the consumer takes the batch (the parsed
 * objects then live only while their batch is decoded). Checks numbering and the parent-hash chain.
 */
async function* fetchRange(client: NodeClient, job: DecodeJob, wait: { ms: number }): AsyncGenerator<Fetched> {
  const starts: number[] = [];
  for (let a = job.from; a <= job.to; a += job.batchSize) starts.push(a);
  const inFlight: Promise<Unparsed>[] = [];
  const launch = (i: number): void => {
    const a = starts[i]!;
    const p = fetchBatch(client, a, Math.min(job.to, a + job.batchSize - 1), job.concurrency);
    p.catch(() => undefined); // consumed below; avoids an unhandled rejection when the consumer stops early
    inFlight.push(p);
  };
  let launched = 0;
  const AHEAD = 2;
  while (launched < starts.length && launched < AHEAD) launch(launched++);
  let prevHash: string | null = null;
  for (let i = 0; i < starts.length; i++) {
    const tw = performance.now();
    const u = await inFlight.shift()!;
    wait.ms += performance.now() - tw;
    if (launched < starts.length) launch(launched++);
    const f = materialize(u);
    const firstParent = f.blocks[0]?.block_header.raw_data.parentHash;
    if (prevHash !== null && firstParent !== prevHash) {
      throw new BlockDataError(`block ${f.from}: parent hash ${firstParent} is not the hash of block ${f.from - 1} (${prevHash}); the node switched forks mid-ingest, run again`);
    }
    prevHash = f.blocks[f.blocks.length - 1]?.blockID ?? null;
    yield f;
  }
}

async function fetchBatch(client: NodeClient, from: number, to: number, concurrency: number): Promise<Unparsed> {
  const blocksP = client.blocksDeferred(from, to + 1);
  blocksP.catch(() => undefined);
  // Infos of every block of the range, asked alongside the blocks (an empty block answers [] cheaply).
  const infos: Deferred<NodeTransactionInfo[]>[] = new Array(to - from + 1);
  await pool(Array.from({ length: to - from + 1 }, (_, i) => i), concurrency, async (i) => {
    infos[i] = await client.transactionInfosDeferred(from + i);
  });
  return { from, to, blocks: await blocksP, infos };
}

/** Parses a fetched batch and checks it: every block of the range, in order, each the child of the previous. */
function materialize(u: Unparsed): Fetched {
  const { from, to } = u;
  const blocks = u.blocks.parse();
  const expected = to - from + 1;
  if (blocks.length !== expected) {
    throw new BlockDataError(`the node returned ${blocks.length} of the ${expected} blocks ${from}..${to} (is the range above its head, or pruned?)`);
  }
  for (let i = 0; i < blocks.length; i++) {
    const b = blocks[i]!;
    const n = int(b.block_header.raw_data.number);
    if (n !== from + i) throw new BlockDataError(`expected block ${from + i}, the node returned ${n}`);
    if (i > 0 && b.block_header.raw_data.parentHash !== blocks[i - 1]!.blockID) {
      throw new BlockDataError(`block ${n}: parent hash does not match block ${n - 1}; the node switched forks mid-batch, run again`);
    }
  }
  return { from, to, blocks, infos: u.infos };
}

function verifyBlock(b: NodeBlock): void {
  const id = computeBlockId(b.block_header.raw_data);
  if (id !== b.blockID) throw new BlockDataError(`block ${int(b.block_header.raw_data.number)}: blockID ${b.blockID} does not hash from its header (${id})`);
  for (const tx of b.transactions ?? []) {
    if (computeTxId(tx) !== tx.txID) throw new BlockDataError(`transaction ${tx.txID} does not hash from its raw_data_hex`);
  }
}

/** Fetches and decodes a job's range batch by batch (the body of both sources). */
export async function* decodeRange(client: NodeClient, book: AddressBook, job: DecodeJob): AsyncGenerator<DecodedBatch> {
  const known1155 = new Set(job.known1155);
  const wait = { ms: 0 };
  let parsed0 = client.parseMs; // the blocks of a batch are parsed inside fetchRange, its infos below
  for await (const f of fetchRange(client, job, wait)) {
    const t0 = performance.now();
    const parsedBefore = client.parseMs;
    const out = new RawBuffers();
    const seen = new Seen();
    const days = new Set<string>();
    const standardOf = (a: string): TokenStandard | undefined => (known1155.has(a) ? 'trc1155' : undefined);
    for (let i = 0; i < f.blocks.length; i++) {
      if (job.verify) verifyBlock(f.blocks[i]!);
      days.add(decodeBlock(f.blocks[i]!, f.infos[i]!.parse(), out, { book, seen, standardOf }));
    }
    for (const [a, s] of seen.tokens) if (s === 'trc1155') known1155.add(a);
    const parseMs = client.parseMs - parsed0;
    const decodeMs = performance.now() - t0 - (client.parseMs - parsedBefore);
    parsed0 = client.parseMs;
    const tables: Record<string, AppendCell[][]> = {};
    for (const b of out.all()) if (b.length) tables[b.dataset.name] = b.columns;
    yield {
      from: f.from,
      to: f.to,
      blocks: f.blocks.length,
      transactions: out.transactions.length,
      tables,
      days: [...days],
      seen: seenToData(seen),
      parseMs,
      decodeMs,
      fetchWaitMs: wait.ms,
    };
    wait.ms = 0;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Sources

/** Decodes in the calling thread. */
export class InProcessSource implements BatchSource {
  private readonly book: AddressBook;
  constructor(
    private readonly client: NodeClient,
    addressCacheSize: number,
  ) {
    this.book = new AddressBook(addressCacheSize);
  }
  batches(job: DecodeJob): AsyncIterable<DecodedBatch> {
    return decodeRange(this.client, this.book, job);
  }
  addressCache() {
    return { hits: this.book.hits, misses: this.book.misses };
  }
  async close(): Promise<void> {}
}

/** Messages between the main thread and decode-worker.ts. */
export type ToWorker =
  | { type: 'start'; job: DecodeJob }
  | { type: 'ack' }
  | { type: 'response'; id: number; status?: number; text?: string; error?: string };
export type FromWorker =
  | { type: 'batch'; batch: DecodedBatch }
  | { type: 'done'; hits: number; misses: number }
  | { type: 'error'; name: string; message: string }
  | { type: 'request'; id: number; url: string; body: string | undefined; headers: Record<string, string> }
  | { type: 'log'; line: string };

/** Rebuilds a worker error as the class the callers check for. */
function reviveError(name: string, message: string): Error {
  const make: Record<string, (m: string) => Error> = {
    NodeNotJsonError: (m) => Object.assign(new NodeNotJsonError(''), { message: m }),
    NodeApiError: (m) => Object.assign(new NodeApiError('', ''), { message: m }),
    NodeUnavailableError: (m) => Object.assign(new NodeUnavailableError('', 0, ''), { message: m }),
    BlockDataError: (m) => new BlockDataError(m),
  };
  return (make[name] ?? ((m: string) => new Error(m)))(message);
}

/**
 * Decodes in a worker thread. The worker fetches (itself, or through `transport` proxied by this thread), parses and
 * decodes; at most two decoded batches wait for the consumer (back-pressure by acknowledgement).
 */
export class WorkerSource implements BatchSource {
  private worker: Worker | null = null;
  private counters = { hits: 0, misses: 0 };

  constructor(
    private readonly config: ClientConfig,
    private readonly addressCacheSize: number,
    private readonly transport: Transport | undefined,
    private readonly log: (line: string) => void,
  ) {}

  private start(): Worker {
    if (this.worker) return this.worker;
    this.worker = new Worker(new URL('./decode-worker-entry.mjs', import.meta.url), {
      workerData: { config: this.config, addressCacheSize: this.addressCacheSize, proxy: this.transport !== undefined },
    });
    this.worker.unref();
    return this.worker;
  }

  async *batches(job: DecodeJob): AsyncGenerator<DecodedBatch> {
    const w = this.start();
    const queue: FromWorker[] = [];
    let wake: (() => void) | null = null;
    let failed: Error | null = null;
    const onMessage = (m: FromWorker): void => {
      if (m.type === 'request') {
        void this.proxy(w, m);
        return;
      }
      if (m.type === 'log') {
        this.log(m.line);
        return;
      }
      queue.push(m);
      wake?.();
    };
    const onError = (e: Error): void => {
      failed = e;
      wake?.();
    };
    const onExit = (code: number): void => {
      failed ??= new Error(`the decode worker exited (code ${code})`);
      this.worker = null;
      wake?.();
    };
    w.on('message', onMessage);
    w.on('error', onError);
    w.on('exit', onExit);
    w.ref(); // keep the process alive while a job runs (an idle worker must not)
    let finished = false;
    try {
      w.postMessage({ type: 'start', job } satisfies ToWorker);
      for (;;) {
        while (!queue.length && !failed) await new Promise<void>((r) => (wake = r));
        if (failed) throw failed;
        const m = queue.shift()!;
        if (m.type === 'error') throw reviveError(m.name, m.message);
        if (m.type === 'done') {
          this.counters = { hits: m.hits, misses: m.misses };
          finished = true;
          return;
        }
        if (m.type === 'batch') {
          yield m.batch;
          w.postMessage({ type: 'ack' } satisfies ToWorker);
        }
      }
    } finally {
      w.off('message', onMessage);
      w.off('error', onError);
      w.off('exit', onExit);
      w.unref();
      // Stopped early (abort, error in the consumer): the worker may be mid-range; start a fresh one next time.
      if (!finished) await this.close();
    }
  }

  private async proxy(w: Worker, m: Extract<FromWorker, { type: 'request' }>): Promise<void> {
    try {
      const r = await this.transport!(m.url, m.body, m.headers);
      w.postMessage({ type: 'response', id: m.id, status: r.status, text: r.text } satisfies ToWorker);
    } catch (e) {
      w.postMessage({ type: 'response', id: m.id, error: e instanceof Error ? `${e.name}: ${e.message}` : String(e) } satisfies ToWorker);
    }
  }

  addressCache() {
    return this.counters;
  }

  async close(): Promise<void> {
    const w = this.worker;
    this.worker = null;
    if (w) await w.terminate();
  }
}
