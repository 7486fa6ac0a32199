/**
 * The node's governance and network lists as snapshots (issue 13, part B), read as of the published solid head:
 *
 * - `network_nodes`: `/wallet/listnodes` (host bytes as hex → text; port);
 * - `chain_parameters`: `/wallet/getchainparameters` (a parameter the node prints without a value is 0);
 * - `proposals`: `/wallet/listproposals` (addresses → Base58; the state the node prints, PENDING when left out);
 * - `witness_snapshots`: `/wallet/listwitnesses` (lifetime totalProduced / totalMissed, latestBlockNum, url, voteCount).
 *
 * They change slowly (votes, proposals and parameters take effect at a maintenance, every 6 h of chain time), so they
 * are read at the first publish that reaches the solid head and again when the head enters a later maintenance
 * period (`NodeListSchedule`), the four requests at most `concurrency` at a time through NodeClient (its retries and
 * rate limits). Reads that ended after the solid head moved are dropped and read at a later publish: a witness's
 * totalProduced as of a later block than `as_of_block` would count blocks twice (the lake's blocks after the
 * snapshot are added to it). A node that does not serve a list (404, a lite node's text, an `{"Error"}`) leaves that
 * dataset as it was, with one warning naming the API: public nodes often close `listnodes`, and the lists are
 * auxiliary to the chain data. A network failure after the retries stops the ingest (not the node's choice).
 */
import type { AppendCell, Db } from '../../src/duckdb/duck.ts';
import { chainParameters, networkNodes, proposals, witnessSnapshots, type Dataset } from '../../src/lake/datasets/index.ts';
import { NodeNotJsonError } from '../../src/chain/node-json.ts';
import { NodeApiError, type NodeClient } from './node-client.ts';
import { b58, big } from './snapshots.ts';

/* eslint-disable @typescript-eslint/no-explicit-any */
/** Node answers are loose JSON (default values omitted); every exported signature is typed. */
type Json = any;

/** A maintenance period of the chain: votes are counted and approved proposals take effect at its start (6 h). */
export const MAINTENANCE_MS = 21_600_000;

export interface NodeListRows {
  network_nodes: { as_of_block: number; host: string; port: number }[];
  chain_parameters: { as_of_block: number; key: string; value: bigint }[];
  proposals: {
    as_of_block: number;
    proposal_id: bigint;
    proposer_address: string;
    parameters_json: string;
    create_time: bigint;
    expiration_time: bigint;
    approvals_json: string;
    state: string;
  }[];
  witness_snapshots: {
    as_of_block: number;
    as_of_ts: number;
    address: string;
    url: string;
    vote_count: bigint;
    total_produced: bigint;
    total_missed: bigint;
    latest_block_num: bigint;
  }[];
}

/** Bytes the node prints as hex (url, host) → text; a value that is not hex is kept as printed. */
const text = (v: unknown): string => {
  const s = typeof v === 'string' ? v : '';
  return /^(?:[0-9a-fA-F]{2})+$/.test(s) ? Buffer.from(s, 'hex').toString('utf8') : s;
};
const PROPOSAL_STATES = new Set(['PENDING', 'DISAPPROVED', 'APPROVED', 'CANCELED']);

/** `/wallet/listnodes` → network_nodes rows (one per host and port). */
export function nodeRows(asOf: number, a: Json): NodeListRows['network_nodes'] {
  const seen = new Set<string>();
  const out: NodeListRows['network_nodes'] = [];
  for (const n of (a?.nodes ?? []) as Json[]) {
    const host = text(n?.address?.host);
    const port = Number(n?.address?.port ?? 0);
    if (!host || seen.has(`${host}:${port}`)) continue;
    seen.add(`${host}:${port}`);
    out.push({ as_of_block: asOf, host, port });
  }
  return out;
}

/** `/wallet/getchainparameters` → chain_parameters rows. */
export function parameterRows(asOf: number, a: Json): NodeListRows['chain_parameters'] {
  return ((a?.chainParameter ?? []) as Json[]).filter((p) => typeof p?.key === 'string').map((p) => ({ as_of_block: asOf, key: String(p.key), value: big(p.value) }));
}

/** `/wallet/listproposals` → proposals rows (parameters as `[{"key", "value"}]`, approvals as Base58). */
export function proposalRows(asOf: number, a: Json): NodeListRows['proposals'] {
  return ((a?.proposals ?? []) as Json[]).map((p) => {
    const state = String(p?.state ?? 'PENDING');
    if (!PROPOSAL_STATES.has(state)) throw new NodeApiError('/wallet/listproposals', `unknown proposal state ${JSON.stringify(state).slice(0, 40)}`);
    const params = ((p?.parameters ?? []) as Json[]).map((x) => ({ key: Number(big(x?.key)), value: big(x?.value) }));
    return {
      as_of_block: asOf,
      proposal_id: big(p?.proposal_id),
      proposer_address: b58(p?.proposer_address),
      parameters_json: JSON.stringify(params, (_k, v) => (typeof v === 'bigint' ? (v <= BigInt(Number.MAX_SAFE_INTEGER) && v >= -BigInt(Number.MAX_SAFE_INTEGER) ? Number(v) : v.toString()) : v)),
      create_time: big(p?.create_time),
      expiration_time: big(p?.expiration_time),
      approvals_json: JSON.stringify(((p?.approvals ?? []) as string[]).map(b58)),
      state,
    };
  });
}

/** `/wallet/listwitnesses` → witness_snapshots rows. */
export function witnessRows(asOf: number, asOfTs: number, a: Json): NodeListRows['witness_snapshots'] {
  return ((a?.witnesses ?? []) as Json[]).filter((w) => w?.address).map((w) => ({
    as_of_block: asOf,
    as_of_ts: asOfTs,
    address: b58(w.address),
    url: text(w.url),
    vote_count: big(w.voteCount),
    total_produced: big(w.totalProduced),
    total_missed: big(w.totalMissed),
    latest_block_num: big(w.latestBlockNum),
  }));
}

const LISTS = [
  { api: '/wallet/listnodes', dataset: networkNodes, rows: (asOf: number, _ts: number, a: Json) => nodeRows(asOf, a) },
  { api: '/wallet/getchainparameters', dataset: chainParameters, rows: (asOf: number, _ts: number, a: Json) => parameterRows(asOf, a) },
  { api: '/wallet/listproposals', dataset: proposals, rows: (asOf: number, _ts: number, a: Json) => proposalRows(asOf, a) },
  { api: '/wallet/listwitnesses', dataset: witnessSnapshots, rows: witnessRows },
] as const;

/**
 * Reads the four lists as of `asOf` (the solid head, time `asOfTs`), `concurrency` requests at a time. A list the
 * node does not serve is left out of the result and named in `missing` (its dataset keeps its previous rows).
 */
export async function readNodeLists(client: NodeClient, asOf: number, asOfTs: number, concurrency: number): Promise<{ rows: Partial<NodeListRows>; missing: string[] }> {
  const rows: Partial<Record<string, object[]>> = {};
  const missing: string[] = [];
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < LISTS.length) {
      const l = LISTS[next++]!;
      try {
        rows[l.dataset.name] = l.rows(asOf, asOfTs, await client.call<Json>(l.api, { visible: false }));
      } catch (e) {
        if (!(e instanceof NodeApiError) && !(e instanceof NodeNotJsonError)) throw e;
        missing.push(`${l.api} (${e.message.slice(0, 120)})`);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, LISTS.length)) }, worker));
  return { rows: rows as Partial<NodeListRows>, missing: missing.sort() };
}

/** Stages the lists read into the catalog tables of the staging database (published with `snapshots: 'upsert'`). */
export async function stageNodeLists(db: Db, rows: Partial<NodeListRows>): Promise<void> {
  for (const { dataset } of LISTS) {
    const list = (rows as Record<string, object[] | undefined>)[dataset.name];
    if (list?.length) await append(db, dataset, list);
  }
}

async function append(db: Db, ds: Dataset, list: object[]): Promise<void> {
  const columns = ds.columns.map((c) => list.map((r) => (r as Record<string, AppendCell>)[c.name] ?? null));
  await db.appendColumns(ds.name, columns);
}

/** The staged tables `stageNodeLists` writes (emptied after each publish). */
export const NODE_LIST_TABLES: readonly string[] = LISTS.map((l) => l.dataset.name);

/**
 * When to read the lists: at the first publish of a run that reaches the solid head, then whenever the solid head is
 * in a later maintenance period than the last read (chain time, so a catch-up over days reads once per period it
 * publishes at the head, and a quiet follow reads every 6 h of blocks).
 */
export class NodeListSchedule {
  private lastPeriod: number | null = null;
  private warned = new Set<string>();

  due(asOfTs: number): boolean {
    return this.lastPeriod === null || Math.floor(asOfTs / MAINTENANCE_MS) > this.lastPeriod;
  }

  done(asOfTs: number): void {
    this.lastPeriod = Math.floor(asOfTs / MAINTENANCE_MS);
  }

  /** The warnings not yet given for these missing APIs (each API is named once per run). */
  warnings(missing: readonly string[]): string[] {
    const out: string[] = [];
    for (const m of missing) {
      const api = m.split(' ')[0]!;
      if (this.warned.has(api)) continue;
      this.warned.add(api);
      out.push(`warning: the node does not serve ${m}; its snapshot dataset keeps its previous rows (ingest with --no-snapshots to skip node state)`);
    }
    return out;
  }
}
