/**
 * A java-tron HTTP API client for the ingester: POST JSON, big-int-safe parsing, retries with exponential backoff
 * and jitter, the provider key header, and clear errors for nodes that cannot serve history.
 *
 * Retried: network errors and timeouts, HTTP 429 and 5xx, and the node's rate-limit answer
 * `{"Error": "…lack of computing resources"}` (HTTP 200, reference §1.1). Not retried: non-JSON bodies with a 2xx
 * status (a lite full node answers "this API is closed because this node is a lite fullnode"), HTTP 404 and other
 * `{"Error": …}` answers (bad request: retrying cannot help).
 */
import {
  type NodeBlock,
  type NodeTransactionInfo,
  NodeNotJsonError,
  int,
  parseNodeJson,
} from '../../src/chain/node-json.ts';

/** One HTTP exchange; injectable so tests and the bench can serve responses from memory. */
export type Transport = (url: string, body: string | undefined, headers: Record<string, string>) => Promise<{ status: number; text: string }>;

export interface NodeClientOptions {
  /** Full node HTTP base URL, e.g. http://127.0.0.1:8090 */
  url: string;
  /** Base URL of the solidity API (/walletsolidity/*); default: `url`. */
  solidityUrl?: string;
  /** Sent as `TRON-PRO-API-KEY` (TronGrid and compatible providers). */
  apiKey?: string;
  /** Attempts after the first one. Default 8. */
  retries?: number;
  /** First backoff delay, ms (doubles per attempt, ±50 % jitter, capped at 10 s). Default 250. */
  backoffMs?: number;
  /** Per-request timeout, ms. Default 60 000. */
  timeoutMs?: number;
  transport?: Transport;
  /** Called before each retry (for logging). */
  onRetry?: (path: string, attempt: number, reason: string, delayMs: number) => void;
}

/** The node answered `{"Error": …}` (or another business error) that retrying cannot fix. */
export class NodeApiError extends Error {
  constructor(
    readonly path: string,
    message: string,
    readonly status?: number,
  ) {
    super(`${path}: ${message}`);
    this.name = 'NodeApiError';
  }
}

/** The node kept failing with retryable errors until the retry budget was spent. */
export class NodeUnavailableError extends Error {
  constructor(path: string, attempts: number, reason: string) {
    super(`${path}: the node did not answer after ${attempts} attempts (last error: ${reason})`);
    this.name = 'NodeUnavailableError';
  }
}

class Retryable extends Error {}

/** A node answer checked for errors but not parsed yet. */
export interface Deferred<T> {
  parse(): T;
  /** Length of the answer text (characters). */
  bytes: number;
}

/** `fetch` with a timeout: the default transport. */
export function fetchTransport(timeoutMs: number): Transport {
  return async (url, body, headers) => {
    const res = await fetch(url, {
      method: body === undefined ? 'GET' : 'POST',
      body,
      headers,
      signal: AbortSignal.timeout(timeoutMs),
    });
    return { status: res.status, text: await res.text() };
  };
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Result of a constant (read-only) contract call. */
export interface ConstantResult {
  ok: boolean;
  /** Return data hex ('' when the call failed). */
  hex: string;
}

export class NodeClient {
  readonly url: string;
  readonly solidityUrl: string;
  private readonly transport: Transport;
  private readonly headers: Record<string, string>;
  /** Time spent turning response text into objects, ms (reported by the bench). */
  parseMs = 0;
  requests = 0;
  retries = 0;

  constructor(private readonly opts: NodeClientOptions) {
    this.url = opts.url.replace(/\/+$/, '');
    this.solidityUrl = (opts.solidityUrl ?? opts.url).replace(/\/+$/, '');
    this.transport = opts.transport ?? fetchTransport(opts.timeoutMs ?? 60_000);
    this.headers = { 'content-type': 'application/json', accept: 'application/json' };
    if (opts.apiKey) this.headers['TRON-PRO-API-KEY'] = opts.apiKey;
  }

  /** POSTs `body` to `path` (on the solidity URL for /walletsolidity/ paths) and returns the parsed JSON. */
  async call<T>(path: string, body: Record<string, unknown> = {}): Promise<T> {
    return (await this.callDeferred<T>(path, body)).parse();
  }

  /**
   * Like `call`, but leaves a large answer unparsed until `parse()`: the ingester fetches ahead and parses right
   * before decoding, so the parsed objects live only while their batch is decoded.
   * Errors (`{"Error": …}`, non-JSON) are still detected and retried here.
   */
  async callDeferred<T>(path: string, body: Record<string, unknown> = {}): Promise<Deferred<T>> {
    const base = path.startsWith('/walletsolidity/') ? this.solidityUrl : this.url;
    const payload = JSON.stringify(body);
    const retries = this.opts.retries ?? 8;
    let last = '';
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.once<T>(base + path, path, payload);
      } catch (e) {
        if (!(e instanceof Retryable) && !isNetworkError(e)) throw e;
        last = e instanceof Error ? e.message : String(e);
        if (attempt >= retries) throw new NodeUnavailableError(path, attempt + 1, last);
        const delay = Math.min(10_000, (this.opts.backoffMs ?? 250) * 2 ** attempt) * (0.5 + Math.random() / 2);
        this.retries++;
        this.opts.onRetry?.(path, attempt + 1, last, delay);
        await sleep(delay);
      }
    }
  }

  private async once<T>(url: string, path: string, payload: string): Promise<Deferred<T>> {
    this.requests++;
    const { status, text } = await this.transport(url, payload, this.headers);
    if (status === 429 || status >= 500) throw new Retryable(`HTTP ${status}`);
    if (status === 404) throw new NodeApiError(path, 'HTTP 404: the node does not serve this API', status);
    if (status >= 400) throw new NodeApiError(path, `HTTP ${status}: ${text.slice(0, 200)}`, status);
    const head = text.slice(0, 64).trimStart();
    if (head[0] !== '{' && head[0] !== '[') throw new NodeNotJsonError(text);
    const parse = (): T => {
      const t0 = performance.now();
      try {
        return parseNodeJson(text) as T;
      } finally {
        this.parseMs += performance.now() - t0;
      }
    };
    // Business errors are small objects: only those are parsed on arrival.
    if (text.length < 65_536 && /^\{\s*"Error"/.test(head)) {
      const msg = String((parse() as { Error: unknown }).Error);
      if (/lack of computing resources|too many requests|rate limit/i.test(msg)) throw new Retryable(msg);
      throw new NodeApiError(path, msg, status);
    }
    return { parse, bytes: text.length };
  }

  /** Blocks [from, toExclusive) with full transactions, at most 100 (getblockbylimitnext), sorted by number. */
  async blocks(from: number, toExclusive: number): Promise<NodeBlock[]> {
    return (await this.blocksDeferred(from, toExclusive)).parse();
  }

  /** `blocks`, parsed on demand. */
  async blocksDeferred(from: number, toExclusive: number): Promise<Deferred<NodeBlock[]>> {
    if (toExclusive - from > 100 || toExclusive <= from) throw new Error(`getblockbylimitnext range [${from}, ${toExclusive}) must hold 1..100 blocks`);
    const d = await this.callDeferred<{ block?: NodeBlock[] }>('/wallet/getblockbylimitnext', { startNum: from, endNum: toExclusive });
    return {
      bytes: d.bytes,
      parse: () => (d.parse().block ?? []).sort((a, b) => int(a.block_header.raw_data.number) - int(b.block_header.raw_data.number)),
    };
  }

  /** Execution results of every transaction of block `num` ([] for an empty block). */
  async transactionInfos(num: number): Promise<NodeTransactionInfo[]> {
    return (await this.transactionInfosDeferred(num)).parse();
  }

  /** `transactionInfos`, parsed on demand. */
  async transactionInfosDeferred(num: number): Promise<Deferred<NodeTransactionInfo[]>> {
    const d = await this.callDeferred<NodeTransactionInfo[] | Record<string, never>>('/wallet/gettransactioninfobyblocknum', { num });
    return {
      bytes: d.bytes,
      parse: () => {
        const r = d.parse();
        return Array.isArray(r) ? r : [];
      },
    };
  }

  /** Number of the node's head block. */
  async headBlock(): Promise<number> {
    const b = await this.call<NodeBlock>('/wallet/getnowblock');
    return headNumber(b, '/wallet/getnowblock');
  }

  /** Number of the latest solidified (final) block. */
  async solidBlock(): Promise<number> {
    const b = await this.call<NodeBlock>('/walletsolidity/getnowblock');
    return headNumber(b, '/walletsolidity/getnowblock');
  }

  /** Super Representatives and candidates (hex mode). */
  async listWitnesses(): Promise<{ address?: string; voteCount?: number | string; url?: string }[]> {
    const r = await this.call<{ witnesses?: { address?: string; voteCount?: number | string; url?: string }[] }>('/wallet/listwitnesses');
    return r.witnesses ?? [];
  }

  /** The price history of a resource (`/wallet/getenergyprices`, `/wallet/getbandwidthprices`): "<from ms>:<sun>,…". */
  async priceHistory(resource: 'energy' | 'bandwidth' | 'memo'): Promise<string> {
    const path = resource === 'energy' ? '/wallet/getenergyprices' : resource === 'bandwidth' ? '/wallet/getbandwidthprices' : '/wallet/getmemofee';
    const r = await this.call<{ prices?: string }>(path);
    if (typeof r.prices !== 'string') throw new NodeApiError(path, 'no "prices" in the answer');
    return r.prices;
  }

  /**
   * A constant call of `selector` (e.g. "name()") on `contractHex` (41…) with the ABI-encoded `parameter` (hex, ''
   * for none), on the head state or, with `path` '/walletsolidity/triggerconstantcontract', on the solid state. A
   * revert is `ok: false`, not an error; so is a node error, unless `strict` (then it throws NodeApiError).
   */
  async constantCall(contractHex: string, selector: string, opts: { parameter?: string; path?: string; strict?: boolean } = {}): Promise<ConstantResult> {
    let r: { result?: { result?: boolean; code?: string }; constant_result?: string[] };
    try {
      r = await this.call(opts.path ?? '/wallet/triggerconstantcontract', {
        owner_address: '410000000000000000000000000000000000000000',
        contract_address: contractHex,
        function_selector: selector,
        parameter: opts.parameter ?? '',
        visible: false,
      });
    } catch (e) {
      if (e instanceof NodeApiError && !opts.strict) return { ok: false, hex: '' };
      throw e;
    }
    const ok = r.result?.result === true && !r.result.code;
    return { ok, hex: ok ? (r.constant_result?.[0] ?? '') : '' };
  }

  /** Deployment facts of a contract ({} when unknown). */
  async contractInfo(contractHex: string): Promise<{ origin_address?: string; name?: string; abi?: unknown }> {
    try {
      return await this.call('/wallet/getcontract', { value: contractHex, visible: false });
    } catch (e) {
      if (e instanceof NodeApiError) return {};
      throw e;
    }
  }

  /** A TRC10 token by id ({} when unknown). */
  async assetIssue(id: string): Promise<{ owner_address?: string; name?: string; abbr?: string; total_supply?: number | string; precision?: number; start_time?: number | string; url?: string }> {
    try {
      return await this.call('/wallet/getassetissuebyid', { value: id });
    } catch (e) {
      if (e instanceof NodeApiError) return {};
      throw e;
    }
  }
}

function headNumber(b: NodeBlock, path: string): number {
  const n = b?.block_header?.raw_data?.number;
  if (n === undefined) throw new NodeApiError(path, 'the answer has no block number');
  return int(n);
}

function isNetworkError(e: unknown): boolean {
  if (e instanceof NodeNotJsonError || e instanceof NodeApiError) return false;
  if (!(e instanceof Error)) return false;
  return e.name === 'TimeoutError' || e.name === 'AbortError' || e instanceof TypeError || /ECONN|EPIPE|ETIMEDOUT|socket|fetch failed/i.test(e.message);
}
