/**
 * `tronlake ingest`: java-tron node HTTP JSON → the lake's raw and dimension tables (see docs/ingester.md).
 * src/cli.ts calls `ingestCli(process.argv.slice(3))`; programs call `runIngest(opts)`.
 */
import { Command, CommanderError } from 'commander';
import { runCommand, tronlakeCommand, UsageError } from '../../src/cli-command.ts';
import { isBase58Address } from '../../src/chain/address.ts';
import { runIngest, type IngestOptions, type IngestSummary } from './ingest.ts';

export { runIngest, type IngestOptions, type IngestSummary };
export { NodeClient, NodeApiError, NodeUnavailableError, type Transport } from './node-client.ts';
export { NodeNotJsonError } from '../../src/chain/node-json.ts';

/**
 * The `tronlake ingest` command (commander, src/cli-command.ts); `action` receives the checked options. Flags keep
 * their string values here and are checked by `toOptions`, whose errors name the flag.
 */
export function ingestCommand(action: (o: IngestOptions) => void | Promise<void>): Command {
  return tronlakeCommand('tronlake ingest', 'java-tron node HTTP JSON → a lake (--from N --to M, or --follow)')
    .option('--node <url>', 'java-tron full node HTTP API (e.g. http://127.0.0.1:8090); required')
    .option('--solidity-node <url>', 'base URL of /walletsolidity/* (default: --node)')
    .option('--api-key <key>', 'sent as TRON-PRO-API-KEY (default: env TRON_PRO_API_KEY)')
    .option('--out <dir>', 'lake folder (manifest.json, versions/); required')
    .option('--from <n>', "first block (default: after the lake's solid block)")
    .option('--to <m>', "last block, inclusive (default: the node's solid head)")
    .option('--follow', 'keep following the solidified head')
    .option('--unconfirmed', 'with --follow: also ingest blocks above the solid head, published as unconfirmed')
    .option('--follow-until <n>', 'with --follow: stop once every block up to n is ingested as final')
    .option('--resume', 'with --from: skip blocks the lake already holds as final')
    .option('--batch <n>', 'blocks per getblockbylimitnext call, 1..100 (default 100)')
    .option('--concurrency <n>', 'transaction-info requests in flight (default 8)')
    .option('--publish-blocks <n>', 'publish after n new blocks (default 10000, follow 20)')
    .option('--publish-seconds <s>', 'publish after s seconds with new blocks (default 300, follow 15)')
    .option('--poll-seconds <s>', 'follow: seconds between polls when caught up (default 3)')
    .option('--no-token-metadata', 'do not ask the node for token name/symbol/decimals/totalSupply')
    .option('--no-snapshots', 'do not read account state (getaccount, delegations, network totals) at the solid head')
    .option('--snapshot-concurrency <n>', 'state requests in flight (default 8)')
    .option('--trc20-tracked <a,b>', "TRC20 contracts (Base58) whose balanceOf / totalSupply are read with the snapshots (default: USDT, USDC, USDD, TUSD, USDJ; '' for none)")
    .option('--reference <dir>', 'off-chain reference files published with the first version (validated before any block is fetched)')
    .option('--pre-window <file>', "JSON of the chain's totals before the lake's first block (pre_window_totals)")
    .option('--verify', 'recompute blockIDs and txIDs, refuse mismatches')
    .option('--single-thread', 'fetch and decode in the main thread: less CPU, can be faster on a busy machine (default: a worker thread)')
    .option('--retries <n>', 'retries per request (default 8)')
    .option('--backoff-ms <ms>', 'first retry delay, doubled per retry')
    .option('--timeout-ms <ms>', 'per-request timeout (default 60000)')
    .option('--progress', 'force the progress bar on')
    .option('--no-progress', 'no progress display (default: a bar on a terminal, a line every TRONLAKE_PROGRESS_MS otherwise)')
    .action((v: IngestFlags) => action(toOptions(v)));
}

/** The flags as commander gives them (negatable ones are true unless negated). */
interface IngestFlags {
  node?: string;
  solidityNode?: string;
  apiKey?: string;
  out?: string;
  from?: string;
  to?: string;
  follow?: boolean;
  unconfirmed?: boolean;
  followUntil?: string;
  resume?: boolean;
  batch?: string;
  concurrency?: string;
  publishBlocks?: string;
  publishSeconds?: string;
  pollSeconds?: string;
  tokenMetadata: boolean;
  snapshots: boolean;
  snapshotConcurrency?: string;
  trc20Tracked?: string;
  reference?: string;
  preWindow?: string;
  verify?: boolean;
  singleThread?: boolean;
  retries?: string;
  backoffMs?: string;
  timeoutMs?: string;
  progress?: boolean;
}

/** `--trc20-tracked`: comma-separated Base58 contract addresses ('' = none). */
function trackedFlag(v: string): string[] {
  const list = v.split(',').map((a) => a.trim()).filter(Boolean);
  for (const a of list) {
    if (!isBase58Address(a)) throw new UsageError(`--trc20-tracked: '${a.slice(0, 60)}' is not a Base58 TRON address`);
  }
  return list;
}

function intFlag(v: string | undefined, name: string): number | undefined {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (v.trim() === '' || !Number.isSafeInteger(n) || n < 0) throw new UsageError(`--${name} must be a non-negative integer, got "${v}"`);
  return n;
}

/** Checks the flags and makes the options; every error names its flag. */
function toOptions(values: IngestFlags): IngestOptions {
  if (!values.node) throw new UsageError('--node URL is required');
  if (!values.out) throw new UsageError('--out DIR is required');
  const from = intFlag(values.from, 'from');
  const to = intFlag(values.to, 'to');
  if (values.follow && to !== undefined) throw new UsageError('--to and --follow exclude each other');
  if (from !== undefined && to !== undefined && to < from) throw new UsageError('--to must be ≥ --from');
  const batch = intFlag(values.batch, 'batch');
  if (batch !== undefined && (batch < 1 || batch > 100)) throw new UsageError('--batch must be 1..100 (getblockbylimitnext limit)');
  return {
    node: values.node,
    solidityNode: values.solidityNode,
    apiKey: values.apiKey ?? process.env.TRON_PRO_API_KEY,
    out: values.out,
    from,
    to,
    follow: values.follow === true,
    unconfirmed: values.unconfirmed === true,
    resume: values.resume === true,
    batchSize: batch,
    concurrency: intFlag(values.concurrency, 'concurrency'),
    publishEveryBlocks: intFlag(values.publishBlocks, 'publish-blocks'),
    publishEverySeconds: intFlag(values.publishSeconds, 'publish-seconds'),
    pollSeconds: intFlag(values.pollSeconds, 'poll-seconds'),
    followUntil: intFlag(values.followUntil, 'follow-until'),
    tokenMetadata: values.tokenMetadata,
    snapshots: values.snapshots,
    snapshotConcurrency: intFlag(values.snapshotConcurrency, 'snapshot-concurrency'),
    ...(values.trc20Tracked !== undefined ? { trc20Tracked: trackedFlag(values.trc20Tracked) } : {}),
    referenceDir: values.reference,
    ...(values.preWindow ? { preWindow: values.preWindow } : {}),
    verify: values.verify === true,
    worker: values.singleThread !== true,
    retries: intFlag(values.retries, 'retries'),
    backoffMs: intFlag(values.backoffMs, 'backoff-ms'),
    timeoutMs: intFlag(values.timeoutMs, 'timeout-ms'),
    progress: values.progress === false ? false : values.progress === true ? true : 'auto',
  };
}

/**
 * Parses `tronlake ingest` flags into options without running anything, e.g.
 * `parseIngestArgs(['--node', 'http://n', '--from', '1', '--to', '2', '--out', 'd'])`; 'help' for --help (not printed).
 */
export function parseIngestArgs(argv: string[]): IngestOptions | 'help' {
  let parsed: IngestOptions | undefined;
  const cmd = ingestCommand((o) => {
    parsed = o;
  }).configureOutput({ writeOut: () => undefined, writeErr: () => undefined, outputError: () => undefined });
  try {
    cmd.parse(argv, { from: 'user' });
  } catch (e) {
    if (e instanceof CommanderError && e.code === 'commander.helpDisplayed') return 'help';
    if (e instanceof CommanderError) throw new UsageError(e.message.replace(/^error: /, ''));
    throw e;
  }
  return parsed!;
}

/** The `ingest` subcommand: parses its own flags, stops cleanly (publishing what is pending) on SIGINT / SIGTERM. */
export async function ingestCli(argv: string[]): Promise<void> {
  await runCommand(ingestCommand(ingest), argv);
}

async function ingest(opts: IngestOptions): Promise<void> {
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
