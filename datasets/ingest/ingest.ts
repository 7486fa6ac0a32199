/**
 * The ingest loop: fetch blocks and their transaction infos from a java-tron node, decode them into staged lake
 * rows, and publish new versions (incrementally: only the touched days) as it goes.
 *
 * - Range mode (`from`..`to`): ingests exactly that range, replacing any rows of it already in the lake.
 *   With `resume`, it skips what the lake already holds as final (the manifest's solid block) when the lake's
 *   recorded ranges cover `from`..solid.
 * - Follow mode: catches up to the node's solidified head, then polls it; with `unconfirmed`, also ingests the
 *   blocks above it, published as unconfirmed (manifest `solidBlock`) and replaced once they solidify.
 *
 * Crash safety comes from publish.ts (atomic, versioned): a killed run leaves the last published version served,
 * and the next run continues from its solid block (or re-ingests the range: same rows, same fingerprint).
 */
import { publishVersion } from '../../src/lake/publish/publish.ts';
import { stageReferences } from '../../src/lake/publish/reference.ts';
import { readManifest, type Manifest } from '../../src/lake/manifest.ts';
import { NodeNotJsonError } from '../../src/chain/node-json.ts';
import { AddressBook } from './decode.ts';
import { Dimensions } from './dimensions.ts';
import { parsePriceHistory, readPreWindow, writeStatisticsDims, type PreWindowTotals, type PriceRow } from './statistics-dims.ts';
import { NodeApiError, NodeClient, type Transport } from './node-client.ts';
import { type BatchSource, type DecodedBatch, InProcessSource, WorkerSource, seenFromData } from './pipeline.ts';
import { Staging, type BlockRange } from './staging.ts';
import { Progress } from './progress.ts';
import { SnapshotTracker } from './snapshots.ts';
import { DEFAULT_TRACKED_TRC20, Trc20SnapshotTracker } from './trc20-snapshots.ts';
import { NODE_LIST_TABLES, NodeListSchedule, readNodeLists, stageNodeLists } from './node-lists.ts';
import { resourceDelegations } from '../../src/lake/datasets/index.ts';
import { versionDir } from '../../src/lake/manifest.ts';
import { datasetGlob } from '../../src/lake/views.ts';
import { existsSync } from 'node:fs';

export interface IngestOptions {
  /** Full node HTTP base URL. */
  node: string;
  /** Base URL of /walletsolidity/* (default: `node`). */
  solidityNode?: string;
  /** Provider key, sent as TRON-PRO-API-KEY. */
  apiKey?: string;
  /** Lake folder (manifest.json + versions/). */
  out: string;
  /** First block (inclusive). Default: the block after the lake's solid block. */
  from?: number;
  /** Last block (inclusive), range mode. Default: the node's solid head. */
  to?: number;
  follow?: boolean;
  /** Range mode: start after the lake's solid block when the lake already covers `from`..solid. */
  resume?: boolean;
  /** Follow mode: also ingest blocks above the solidified head (published as unconfirmed). */
  unconfirmed?: boolean;
  /** Blocks per getblockbylimitnext call, 1..100. Default 100. */
  batchSize?: number;
  /** Transaction-info requests in flight. Default 8. */
  concurrency?: number;
  /** Publish after this many new blocks. Default 10 000 (range) / 20 (follow). */
  publishEveryBlocks?: number;
  /** Publish after this many seconds with new blocks pending. Default 300 (range) / 15 (follow). */
  publishEverySeconds?: number;
  /** Follow mode: seconds between head polls when caught up. Default 3. */
  pollSeconds?: number;
  /** Follow mode: stop once every block up to this one is ingested as final (tests, backfills). */
  followUntil?: number;
  /** A JSON file of the chain's totals before the lake's first block (statistics-dims.ts), written to pre_window_totals. */
  preWindow?: string;
  /** Read token metadata from the node (constant calls). Default true. */
  tokenMetadata?: boolean;
  /** Reference files to load with the first publish (src/lake/publish/reference.ts; validated before any block is fetched). */
  referenceDir?: string;
  /** Recompute blockIDs and txIDs from the raw data and refuse mismatches. Default false. */
  verify?: boolean;
  retries?: number;
  backoffMs?: number;
  timeoutMs?: number;
  /** Replaces HTTP (tests and the bench serve node answers from memory). */
  transport?: Transport;
  /** Progress bar on stderr: true, false, or 'auto' (when stderr is a TTY). Default 'auto'. */
  progress?: boolean | 'auto';
  /** Log lines (retries, publishes). Default: stderr. */
  log?: (line: string) => void;
  /** Abort: finish the current batch, publish what is pending, return. */
  signal?: AbortSignal;
  threads?: number;
  memoryLimit?: string;
  /** Entries of the hex → Base58 cache (default 1 000 000; 0 disables it). */
  addressCacheSize?: number;
  /** Fetch and decode in a worker thread while this thread loads DuckDB (default true). */
  worker?: boolean;
  /** Read node state for what the new blocks touched at each publish that reaches the solid head (snapshots.ts). Default true. */
  snapshots?: boolean;
  /** State requests in flight. Default 8. */
  snapshotConcurrency?: number;
  /**
   * TRC20 contracts (Base58) whose holders' `balanceOf` and `totalSupply` are read with the snapshots
   * (trc20-snapshots.ts). Default DEFAULT_TRACKED_TRC20 (the five stablecoins); [] reads none.
   */
  trc20Tracked?: readonly string[];
}

export interface IngestSummary {
  from: number;
  /** Last block ingested (from - 1 when none). */
  to: number;
  blocks: number;
  transactions: number;
  /** Versions published by this run. */
  publishes: number;
  manifest: Manifest | null;
  seconds: number;
  /** Wall time per phase, ms (fetch overlaps the others: it runs ahead in the background). */
  timings: { fetchWait: number; parse: number; decode: number; prepare: number; load: number; metadata: number; publish: number };
  addressCache: { hits: number; misses: number };
}

/** Sanitised node URL for the manifest (no credentials, no query). */
function publicUrl(u: string): string {
  try {
    const x = new URL(u);
    return `${x.protocol}//${x.host}${x.pathname.replace(/\/+$/, '')}`;
  } catch {
    return 'node';
  }
}

type Ranges = [number, number][];

function mergeRanges(list: Ranges): Ranges {
  const s = [...list].sort((a, b) => a[0] - b[0]);
  const out: Ranges = [];
  for (const r of s) {
    const last = out[out.length - 1];
    if (last && r[0] <= last[1] + 1) last[1] = Math.max(last[1], r[1]);
    else out.push([r[0], r[1]]);
  }
  return out;
}

function manifestRanges(m: Manifest | null): Ranges {
  const r = m?.source?.ranges;
  if (!Array.isArray(r)) return [];
  return r.filter((x): x is [number, number] => Array.isArray(x) && x.length === 2 && x.every((n) => Number.isSafeInteger(n)));
}

/** Ingests blocks from a node into the lake at `opts.out`; see the module doc for the modes. */
export async function runIngest(opts: IngestOptions): Promise<IngestSummary> {
  const log = opts.log ?? ((l: string) => process.stderr.write(l + '\n'));
  const follow = opts.follow === true;
  const batchSize = Math.max(1, Math.min(100, opts.batchSize ?? 100));
  const concurrency = Math.max(1, opts.concurrency ?? 8);
  const publishBlocks = opts.publishEveryBlocks ?? (follow ? 20 : 10_000);
  const publishMs = (opts.publishEverySeconds ?? (follow ? 15 : 300)) * 1000;
  const client = new NodeClient({
    url: opts.node,
    solidityUrl: opts.solidityNode,
    apiKey: opts.apiKey,
    retries: opts.retries,
    backoffMs: opts.backoffMs,
    timeoutMs: opts.timeoutMs,
    transport: opts.transport,
    onRetry: (p, n, why, ms) => log(`retry ${n} of ${p} in ${Math.round(ms)} ms: ${why}`),
  });
  const t0 = performance.now();
  const timings = { fetchWait: 0, parse: 0, decode: 0, prepare: 0, load: 0, metadata: 0, publish: 0 };
  const book = new AddressBook(); // dimension rows only; the decoder has its own cache
  const dims = new Dimensions();
  const cacheSize = opts.addressCacheSize ?? 1_000_000;
  const source: BatchSource =
    opts.worker === false
      ? new InProcessSource(client, cacheSize)
      : new WorkerSource(
          { url: opts.node, solidityUrl: opts.solidityNode, apiKey: opts.apiKey, retries: opts.retries, backoffMs: opts.backoffMs, timeoutMs: opts.timeoutMs },
          cacheSize,
          opts.transport,
          log,
        );
  let parseMs = 0;

  let base = await readManifest(opts.out);
  const staging = await Staging.open(opts.out, base, { threads: opts.threads, memoryLimit: opts.memoryLimit });
  // Validated first, so a bad file stops the run before any block is fetched; published with the first version.
  let referenceFiles = opts.referenceDir ? (await stageReferences(staging.db, opts.referenceDir)).files : undefined;
  const progress = new Progress(opts.progress ?? 'auto', log);
  let blocksDone = 0;
  let txDone = 0;
  let publishes = 0;
  let lastIngested = -1;
  let firstBlock = -1;
  const snapshots = opts.snapshots === false ? null : new SnapshotTracker(new Trc20SnapshotTracker(opts.trc20Tracked ?? DEFAULT_TRACKED_TRC20, log));
  // The node lists' schedule (chain time: the first publish at the solid head, then each later maintenance period).
  // The witnesses dimension follows it too, also with snapshots off (its votes are a maintenance's tally): one rule.
  const nodeLists = new NodeListSchedule();
  try {
    await dims.load(staging.db);
    // The node's current list, so a range that stops below the head (never due on the schedule) has votes and URLs.
    await refreshWitnesses(client, dims, book, log);

    // Where to start.
    let solid = await solidHead(client, log);
    let from = opts.from ?? (base ? base.solidBlock + 1 : follow ? Math.min(solid, Number.MAX_SAFE_INTEGER) : NaN);
    if (!Number.isSafeInteger(from)) throw new Error('--from is required: the lake is empty and no range was given');
    if (opts.resume && base && opts.from !== undefined) {
      const covered = manifestRanges(base).some(([a, b]) => a <= opts.from! && b >= base!.solidBlock);
      if (covered && base.solidBlock + 1 > from) {
        log(`resume: the lake holds blocks ${opts.from}..${base.solidBlock} as final; continuing at ${base.solidBlock + 1}`);
        from = base.solidBlock + 1;
      }
    }
    firstBlock = from;
    lastIngested = from - 1;
    // The statistics dimensions: the node's resource price history and the operator's pre-window totals.
    const prices = await priceHistory(client, log);
    const preWindow: PreWindowTotals | null = opts.preWindow ? readPreWindow(opts.preWindow, base ? base.first.number : from) : null;

    let pendingDays = new Set<string>();
    let pendingBlocks = 0;
    let lastPublish = performance.now();
    let finalTop = from - 1; // highest block ingested as final by this run
    let ingestedAbove = false; // unconfirmed blocks staged above the solid head
    let lastDay = '';

    const publish = async (): Promise<void> => {
      if (!pendingBlocks) return;
      const tp = performance.now();
      const current = await readManifest(opts.out);
      if ((current?.version ?? null) !== (staging.base?.version ?? null)) {
        throw new Error(`another writer published version ${current?.version} in ${opts.out} during this ingest; stopping to avoid losing its data`);
      }
      const ranges = mergeRanges([...manifestRanges(staging.base), ...(finalTop >= firstBlock ? [[firstBlock, finalTop] as [number, number]] : [])]);
      const prevSolid = staging.base?.solidBlock ?? -1;
      const snapshotStaged = snapshots ? await takeSnapshot(finalTop) : false;
      const listsStaged = await takeNodeLists(finalTop);
      // After the lists: a witness list read with them is in this version's dimension.
      await dims.write(staging.db);
      await writeStatisticsDims(staging.db, prices, preWindow);
      const m = await publishVersion(staging.db, {
        dataDir: opts.out,
        source: { kind: 'node', node: publicUrl(opts.node), ranges },
        solidBlock: Math.max(prevSolid, finalTop),
        days: [...pendingDays].sort(),
        append: staging.appending,
        refreshTime: Date.now(),
        referenceFiles,
        snapshots: 'upsert',
      });
      if (snapshotStaged) for (const t of ['account_snapshots', 'resource_delegations', 'network_snapshots', 'trc20_snapshots']) await staging.db.run(`DELETE FROM ${t}`);
      if (listsStaged) for (const t of NODE_LIST_TABLES) await staging.db.run(`DELETE FROM ${t}`);
      if (referenceFiles) {
        // Published: later publishes carry them over (an empty staged reference table keeps the previous file).
        for (const name of Object.keys(referenceFiles)) await staging.db.run(`DELETE FROM ${name}`);
        referenceFiles = undefined;
      }
      staging.base = m;
      base = m;
      publishes++;
      timings.publish += performance.now() - tp;
      progress.log(`published ${m.version}: head ${m.head.number}, solid ${m.solidBlock}, days ${[...pendingDays].sort().join(' ')}, fingerprint ${m.fingerprint}`);
      pendingDays = new Set();
      pendingBlocks = 0;
      lastPublish = performance.now();
      await staging.afterPublish(new Set(lastDay ? [lastDay] : []));
    };

    /**
     * Stages node state as of `top` when it is the node's solid head (snapshots.ts); false when there is nothing to
     * read, `top` is below the solid head (a range that stops short of it: the node can only tell today's state),
     * or the head moved during the reads (the rows read are kept; the next publish reads what the new blocks touched).
     */
    let warnedShort = false;
    const takeSnapshot = async (top: number): Promise<boolean> => {
      if (!snapshots || snapshots.waiting === 0 || top < 0) return false;
      const s0 = await solidHead(client, log);
      if (top !== s0) {
        // Normal inside a long range; said once, for a range that stops short of the head (the node tells only today's state).
        if (!warnedShort) progress.log(`snapshot deferred: the lake's solid block ${top} is not the node's solid head ${s0} (state can only be read as of the head)`);
        warnedShort = true;
        return false;
      }
      const asOfTs = await blockTime(top);
      const r = await snapshots.take(client, staging.db, top, asOfTs, () => solidHead(client, log), previousPairs, opts.snapshotConcurrency ?? 8, warnedNoSolid ? '/wallet/getaccount' : undefined);
      if (!r.staged) log(`snapshot deferred: the solid head moved from ${top} to ${r.movedTo} while reading ${r.accounts} accounts; the next publish reads what the new blocks touched`);
      else progress.log(`snapshot of ${r.accounts} accounts${r.balances ? ` and ${r.balances} TRC20 balances` : ''} as of block ${top}`);
      return r.staged;
    };

    /** Time of block `top` (staged, or the published head); 0 when neither holds it. */
    const blockTime = async (top: number): Promise<number> => {
      const tsCell = await staging.db.scalar(`SELECT max("timestamp") FROM blocks WHERE block_number = ${top}`);
      return tsCell !== null ? Number(tsCell) : staging.base?.head.number === top ? Number(staging.base.head.timestamp) : 0;
    };

    /**
     * Stages the node's lists (node-lists.ts: nodes, chain parameters, proposals, witnesses) as of `top` when it is
     * the node's solid head and the schedule says they are due (first time, then each new maintenance period); reads
     * that ended after the solid head moved are dropped (a later publish reads them again).
     */
    const takeNodeLists = async (top: number): Promise<boolean> => {
      if (top < 0) return false;
      const asOfTs = await blockTime(top);
      if (!nodeLists.due(asOfTs) || (await solidHead(client, log)) !== top) return false;
      if (opts.snapshots === false) {
        // No node state is staged: only the witnesses dimension is refreshed, on the same schedule.
        await refreshWitnesses(client, dims, book, log);
        nodeLists.done(asOfTs);
        return false;
      }
      const r = await readNodeLists(client, top, asOfTs, opts.snapshotConcurrency ?? 8);
      for (const w of nodeLists.warnings(r.missing)) log(w);
      const after = await solidHead(client, log);
      if (after !== top) {
        log(`node lists deferred: the solid head moved from ${top} to ${after} while reading them`);
        return false;
      }
      await stageNodeLists(staging.db, r.rows);
      // The same listwitnesses answer refreshes the witnesses dimension (votes of this period's maintenance, URLs).
      if (r.rows.witness_snapshots) dims.setWitnessVotes(r.rows.witness_snapshots.map((w) => ({ address: w.address, url: w.url, votes: w.vote_count })));
      nodeLists.done(asOfTs);
      progress.log(`node lists as of block ${top}: ${Object.entries(r.rows).map(([k, v]) => `${k} ${v?.length ?? 0}`).join(', ')}`);
      return true;
    };

    /** Receivers each owner delegates to in the published lake (so a pair the node no longer lists is written as 0). */
    const previousPairs = async (owners: string[], version: 1 | 2): Promise<Map<string, Set<string>>> => {
      const out = new Map<string, Set<string>>();
      const b = staging.base;
      if (!b?.tables[resourceDelegations.name]) return out;
      const file = datasetGlob(versionDir(opts.out, b), resourceDelegations);
      if (!existsSync(file)) return out;
      const list = owners.map((o) => `'${o.replace(/'/g, "''")}'`).join(', ');
      const rows = await staging.db.all(`
        SELECT from_address, to_address FROM (
          SELECT from_address, to_address, arg_max(balance, as_of_block) AS balance FROM read_parquet('${file.replace(/'/g, "''")}')
          WHERE version = ${version} AND from_address IN (${list}) GROUP BY from_address, to_address, resource
        ) WHERE balance > 0`);
      for (const r of rows) {
        const o = String(r.from_address);
        if (!out.has(o)) out.set(o, new Set());
        out.get(o)!.add(String(r.to_address));
      }
      return out;
    };

    /** Decodes a range batch by batch (in the worker) and stages each batch; `replace` gives the range each one replaces. */
    const batches = (from: number, to: number): AsyncIterable<DecodedBatch> =>
      source.batches({ from, to, batchSize, concurrency, verify: opts.verify === true, known1155: dims.known1155() });

    /** Stages one decoded batch; `range` is what it replaces. */
    const stage = async (f: DecodedBatch, range: BlockRange, final: boolean): Promise<void> => {
      timings.decode += f.decodeMs;
      timings.fetchWait += f.fetchWaitMs;
      parseMs += f.parseMs;
      const days = new Set(f.days);
      const ts = performance.now();
      const touched = await staging.prepare(range, days);
      timings.prepare += performance.now() - ts;
      const tm = performance.now();
      await dims.merge(seenFromData(f.seen), opts.tokenMetadata === false ? null : client, book);
      timings.metadata += performance.now() - tm;
      const ta = performance.now();
      await staging.append(f.tables);
      timings.load += performance.now() - ta;
      for (const d of touched) pendingDays.add(d);
      // Final blocks: what they touched is read as node state at the next publish that reaches the solid head.
      if (snapshots) await snapshots.collect(staging.db, f.from, final ? f.to : Math.min(f.to, solid));
      const n = f.blocks;
      const txs = f.transactions;
      blocksDone += n;
      txDone += txs;
      pendingBlocks += n;
      lastIngested = f.to;
      if (final) finalTop = Math.max(finalTop, f.to);
      lastDay = [...days].sort().pop() ?? lastDay;
      progress.tick(n, txs, f.to);
    };

    const due = (): boolean => pendingBlocks >= publishBlocks || (pendingBlocks > 0 && performance.now() - lastPublish >= publishMs);
    const aborted = (): boolean => opts.signal?.aborted === true;

    if (!follow) {
      const to = opts.to ?? solid;
      if (to < from) {
        log(`nothing to ingest: from ${from} > to ${to}`);
      } else {
        progress.start(to - from + 1);
        for await (const f of batches(from, to)) {
          // Range mode ingests what was asked; blocks above the node's solid head are published as unconfirmed.
          await stage(f, { from: f.from, to: f.to }, f.to <= solid);
          if (f.to > solid && f.from <= solid) finalTop = Math.max(finalTop, solid);
          if (due()) await publish();
          if (aborted()) break;
        }
      }
      await publish();
      // A range up to the solid head whose snapshot was deferred because the head moved: catch up with the head
      // (only when no explicit --to was given) and read what the new blocks touched; a few rounds converge.
      for (let round = 0; opts.to === undefined && snapshots && snapshots.waiting > 0 && round < 5 && !aborted(); round++) {
        const head = await solidHead(client, log);
        if (head <= finalTop) break;
        for await (const f of batches(finalTop + 1, head)) await stage(f, { from: f.from, to: f.to }, true);
        await publish();
      }
    } else {
      progress.start(undefined);
      const pollMs = (opts.pollSeconds ?? 3) * 1000;
      let next = from;
      while (!aborted()) {
        solid = await solidHead(client, log);
        if (opts.followUntil !== undefined) solid = Math.min(solid, Math.max(opts.followUntil, next - 1));
        if (next <= solid) {
          const to = Math.min(solid, next + batchSize * 10 - 1);
          for await (const f of batches(next, to)) {
            // A previously staged unconfirmed tail is replaced from its first block up.
            await stage(f, ingestedAbove ? { from: f.from, to: null } : { from: f.from, to: f.to }, true);
            ingestedAbove = false;
            next = f.to + 1;
            if (due()) await publish();
            if (aborted()) break;
          }
          continue;
        }
        if (opts.followUntil !== undefined && next > opts.followUntil) break;
        if (opts.unconfirmed) {
          const head = await client.headBlock();
          if (head > solid) {
            // Everything above the solid head is fetched again each time: a fork there simply gets replaced.
            for await (const f of batches(solid + 1, head)) {
              await stage(f, f.from === solid + 1 ? { from: f.from, to: null } : { from: f.from, to: f.to }, false);
              ingestedAbove = true;
            }
          }
        }
        if (due()) await publish();
        await sleep(pollMs, opts.signal);
      }
      await publish();
    }
  } finally {
    progress.stop();
    timings.parse = parseMs;
    await source.close();
    await staging.close();
  }
  return {
    from: firstBlock,
    to: lastIngested,
    blocks: blocksDone,
    transactions: txDone,
    publishes,
    manifest: base,
    seconds: (performance.now() - t0) / 1000,
    timings: Object.fromEntries(Object.entries(timings).map(([k, v]) => [k, Math.round(v)])) as IngestSummary['timings'],
    addressCache: source.addressCache(),
  };
}

/** The node's solid head; a node without the solidity API makes every block count as final (logged once). */
async function solidHead(client: NodeClient, log: (l: string) => void): Promise<number> {
  try {
    return await client.solidBlock();
  } catch (e) {
    if (!(e instanceof NodeApiError) && !(e instanceof NodeNotJsonError)) throw e;
    if (!warnedNoSolid) log(`warning: ${e.message}; using the head block as the solid block`);
    warnedNoSolid = true;
    return client.headBlock();
  }
}
let warnedNoSolid = false;

/** The energy and bandwidth price histories of the node; null (with a warning) when it does not answer them. */
async function priceHistory(client: NodeClient, log: (l: string) => void): Promise<PriceRow[] | null> {
  try {
    const rows = [...parsePriceHistory('energy', await client.priceHistory('energy')), ...parsePriceHistory('bandwidth', await client.priceHistory('bandwidth'))];
    try {
      rows.push(...parsePriceHistory('memo', await client.priceHistory('memo')));
    } catch (e) {
      // The memo fee is younger than the other two (a node may not serve getmemofee): its absence costs only the memo rows.
      if (!(e instanceof NodeApiError) && !(e instanceof NodeNotJsonError)) throw e;
      log(`warning: memo fee history unavailable (${e.message})`);
    }
    return rows;
  } catch (e) {
    if (!(e instanceof NodeApiError) && !(e instanceof NodeNotJsonError)) throw e;
    log(`warning: resource price history unavailable (${e.message}); statistics in resource units will be null`);
    return null;
  }
}

async function refreshWitnesses(client: NodeClient, dims: Dimensions, book: AddressBook, log: (l: string) => void): Promise<void> {
  try {
    dims.setWitnessList(await client.listWitnesses(), book);
  } catch (e) {
    if (!(e instanceof NodeApiError) && !(e instanceof NodeNotJsonError)) throw e;
    log(`warning: /wallet/listwitnesses unavailable (${e.message}); witnesses are the producers seen, without names`);
  }
}

const sleep = (ms: number, signal?: AbortSignal): Promise<void> =>
  new Promise((resolve) => {
    const done = (): void => {
      clearTimeout(t);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const t = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });

export { mergeRanges };
