/**
 * `tronlake ingest`: java-tron node HTTP JSON → the lake's raw and dimension tables (see README.md).
 * src/cli.ts calls `ingestCli(process.argv.slice(3))`; programs call `runIngest(opts)`.
 */
import { parseArgs } from 'node:util';
import { isBase58Address } from '../../src/chain/address.ts';
import { runIngest, type IngestOptions, type IngestSummary } from './ingest.ts';

export { runIngest, type IngestOptions, type IngestSummary };
export { NodeClient, NodeApiError, NodeUnavailableError, type Transport } from './node-client.ts';
export { NodeNotJsonError } from '../../src/chain/node-json.ts';

export const INGEST_USAGE = `usage: tronlake ingest --node URL --out DIR (--from N --to M | --follow) [options]

  --node URL              java-tron full node HTTP API (e.g. http://127.0.0.1:8090)
  --solidity-node URL     base URL of /walletsolidity/* (default: --node)
  --api-key KEY           sent as TRON-PRO-API-KEY (default: env TRON_PRO_API_KEY)
  --out DIR               lake folder (manifest.json, versions/)
  --from N                first block (default: after the lake's solid block)
  --to M                  last block, inclusive (default: the node's solid head)
  --follow                keep following the solidified head
  --unconfirmed           with --follow: also ingest blocks above the solid head, published as unconfirmed
  --resume                with --from: skip blocks the lake already holds as final
  --batch N               blocks per getblockbylimitnext call, 1..100 (default 100)
  --concurrency N         transaction-info requests in flight (default 8)
  --publish-blocks N      publish after N new blocks (default 10000, follow 20)
  --publish-seconds S     publish after S seconds with new blocks (default 300, follow 15)
  --poll-seconds S        follow: seconds between polls when caught up (default 3)
  --no-token-metadata     do not ask the node for token name/symbol/decimals/totalSupply
  --no-snapshots          do not read account state (getaccount, delegations, network totals) at the solid head
  --snapshot-concurrency N  state requests in flight (default 8)
  --trc20-tracked A,B,…   TRC20 contracts (Base58) whose balanceOf / totalSupply are read with the snapshots
                          (default: USDT, USDC, USDD, TUSD, USDJ; '' for none)
  --verify                recompute blockIDs and txIDs, refuse mismatches
  --single-thread         fetch and decode in the main thread: less CPU, can be faster on a busy machine (default: a worker thread)
  --retries N             retries per request (default 8), --timeout-ms MS (default 60000)
  --progress / --no-progress   force the progress bar on or off (default: on when stderr is a terminal)`;

/** `--trc20-tracked`: comma-separated Base58 contract addresses ('' = none). */
function trackedFlag(v: string): string[] {
  const list = v.split(',').map((a) => a.trim()).filter(Boolean);
  for (const a of list) {
    if (!isBase58Address(a)) throw new Error(`--trc20-tracked: '${a.slice(0, 60)}' is not a Base58 TRON address`);
  }
  return list;
}

function intFlag(v: string | undefined, name: string): number | undefined {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`--${name} must be a non-negative integer, got "${v}"`);
  return n;
}

/** Parses `tronlake ingest` flags into options, e.g. `parseIngestArgs(['--node', 'http://n', '--from', '1', '--to', '2', '--out', 'd'])`. */
export function parseIngestArgs(argv: string[]): IngestOptions | 'help' {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: {
      node: { type: 'string' },
      'solidity-node': { type: 'string' },
      'api-key': { type: 'string' },
      out: { type: 'string' },
      from: { type: 'string' },
      to: { type: 'string' },
      follow: { type: 'boolean' },
      unconfirmed: { type: 'boolean' },
      resume: { type: 'boolean' },
      batch: { type: 'string' },
      concurrency: { type: 'string' },
      'publish-blocks': { type: 'string' },
      'publish-seconds': { type: 'string' },
      'poll-seconds': { type: 'string' },
      'follow-until': { type: 'string' },
      'no-token-metadata': { type: 'boolean' },
      'no-snapshots': { type: 'boolean' },
      'snapshot-concurrency': { type: 'string' },
      'trc20-tracked': { type: 'string' },
      reference: { type: 'string' },
      'pre-window': { type: 'string' },
      verify: { type: 'boolean' },
      'single-thread': { type: 'boolean' },
      retries: { type: 'string' },
      'backoff-ms': { type: 'string' },
      'timeout-ms': { type: 'string' },
      progress: { type: 'boolean' },
      'no-progress': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) return 'help';
  if (!values.node) throw new Error('--node URL is required');
  if (!values.out) throw new Error('--out DIR is required');
  const from = intFlag(values.from, 'from');
  const to = intFlag(values.to, 'to');
  if (values.follow && to !== undefined) throw new Error('--to and --follow exclude each other');
  if (from !== undefined && to !== undefined && to < from) throw new Error('--to must be ≥ --from');
  const batch = intFlag(values.batch, 'batch');
  if (batch !== undefined && (batch < 1 || batch > 100)) throw new Error('--batch must be 1..100 (getblockbylimitnext limit)');
  return {
    node: values.node,
    solidityNode: values['solidity-node'],
    apiKey: values['api-key'] ?? process.env.TRON_PRO_API_KEY,
    out: values.out,
    from,
    to,
    follow: values.follow === true,
    unconfirmed: values.unconfirmed === true,
    resume: values.resume === true,
    batchSize: batch,
    concurrency: intFlag(values.concurrency, 'concurrency'),
    publishEveryBlocks: intFlag(values['publish-blocks'], 'publish-blocks'),
    publishEverySeconds: intFlag(values['publish-seconds'], 'publish-seconds'),
    pollSeconds: intFlag(values['poll-seconds'], 'poll-seconds'),
    followUntil: intFlag(values['follow-until'], 'follow-until'),
    tokenMetadata: values['no-token-metadata'] !== true,
    snapshots: values['no-snapshots'] !== true,
    snapshotConcurrency: intFlag(values['snapshot-concurrency'], 'snapshot-concurrency'),
    ...(values['trc20-tracked'] !== undefined ? { trc20Tracked: trackedFlag(values['trc20-tracked']) } : {}),
    referenceDir: values.reference,
    ...(values['pre-window'] ? { preWindow: values['pre-window'] } : {}),
    verify: values.verify === true,
    worker: values['single-thread'] !== true,
    retries: intFlag(values.retries, 'retries'),
    backoffMs: intFlag(values['backoff-ms'], 'backoff-ms'),
    timeoutMs: intFlag(values['timeout-ms'], 'timeout-ms'),
    progress: values['no-progress'] ? false : values.progress ? true : 'auto',
  };
}

/** The `ingest` subcommand: parses its own flags, stops cleanly (publishing what is pending) on SIGINT / SIGTERM. */
export async function ingestCli(argv: string[]): Promise<void> {
  const opts = parseIngestArgs(argv);
  if (opts === 'help') {
    console.error(INGEST_USAGE);
    return;
  }
  const ac = new AbortController();
  const stop = (): void => {
    if (ac.signal.aborted) process.exit(130);
    console.error('stopping after the current batch (again to quit now)…');
    ac.abort();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  try {
    const s = await runIngest({ ...opts, signal: ac.signal });
    const rate = s.seconds > 0 ? Math.round(s.transactions / s.seconds) : 0;
    console.error(
      `ingested ${s.blocks} blocks (${s.from}..${s.to}), ${s.transactions} transactions in ${s.seconds.toFixed(1)} s (${rate} tx/s), ` +
        `${s.publishes} version(s) published` + (s.manifest ? `; lake head ${s.manifest.head.number}, solid ${s.manifest.solidBlock}, fingerprint ${s.manifest.fingerprint}` : ''),
    );
  } finally {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
  }
}
