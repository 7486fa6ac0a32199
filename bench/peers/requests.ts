/**
 * The peer set (issue 32): the requests as our endpoints take them, with values drawn from the lake by plain SQL over
 * its raw Parquet (the same values for all three systems), and the row ids of an answer (ours or a peer's), so the
 * run can check that every system returns the same rows before it measures.
 */
import type { WorkloadItem } from '../../src/bench/workload.ts';
import { Db } from '../../src/duckdb/duck.ts';
import { parquetGlob, USDT_CONTRACTS } from './queries.ts';

export interface PeerSamples {
  head: number;
  blocks: number[];
  busyAddresses: string[];
  addresses: string[];
  trc20Holders: string[];
  hashes: string[];
  tokens: string[];
}

const DAY = 86_400_000;

/**
 * Values from the lake version folder `dir`: random rows are those of smallest hash(key, salt) (one lake, one set),
 * busy ones the largest counts; every ORDER BY is total.
 */
export async function samplePeers(dir: string): Promise<PeerSamples> {
  const db = await Db.open({ threads: 2 });
  const t = (n: string) => parquetGlob(dir, n);
  const col = async (sql: string): Promise<string[]> => (await db.all(sql)).map((r) => String(Object.values(r)[0]));
  try {
    const [h] = await db.all(`SELECT max("timestamp") AS head FROM ${t('blocks')}`);
    return {
      head: Number(h?.head),
      blocks: (await col(`SELECT block_number FROM ${t('blocks')} ORDER BY hash(block_number, 32), block_number LIMIT 10`)).map(Number),
      busyAddresses: await col(`SELECT owner_address FROM ${t('transactions')} GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 3`),
      addresses: await col(`SELECT owner_address FROM ${t('transactions')} ORDER BY hash(tx_hash, 32), tx_hash LIMIT 7`),
      trc20Holders: await col(
        `SELECT to_address FROM ${t('token_transfers')} WHERE contract_address = '${USDT_CONTRACTS[0]}' ORDER BY hash(tx_hash, log_index, batch_index, 32), tx_hash, log_index, batch_index LIMIT 10`,
      ),
      hashes: await col(`SELECT tx_hash FROM ${t('transactions')} ORDER BY hash(tx_hash, 33), tx_hash LIMIT 10`),
      tokens: await col(`SELECT contract_address FROM ${t('token_transfers')} WHERE token_standard = 'trc20' GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 3`),
    };
  } finally {
    db.close();
  }
}

/** A request of the set: its label in the report, and our endpoint's path and parameters (the peers take the same). */
export interface PeerItem {
  label: string;
  path: string;
  query: Record<string, string>;
}

/** The peer set for these samples: nine labels, in the order. */
export function peerItems(s: PeerSamples): PeerItem[] {
  const dayStart = Math.floor(s.head / DAY) * DAY - DAY; // the last whole UTC day before the head's
  const items: PeerItem[] = [{ label: 'latest blocks', path: '/api/block', query: { limit: '20' } }];
  for (const b of s.blocks) items.push({ label: 'block by number', path: '/api/block', query: { number: String(b) } });
  for (const a of [...s.busyAddresses, ...s.addresses]) items.push({ label: 'address: latest transactions', path: '/api/transaction', query: { address: a, limit: '20' } });
  for (const a of s.trc20Holders) items.push({ label: 'address: TRC20 transfers (both ways)', path: '/api/token_trc20/transfers', query: { relatedAddress: a, limit: '20' } });
  for (const h of s.hashes) items.push({ label: 'transaction by hash', path: '/api/transaction-info', query: { hash: h } });
  for (const c of s.tokens) {
    items.push({
      label: 'token: transfers in one day', path: '/api/token_trc20/transfers',
      query: { contract_address: c, start_timestamp: String(dayStart), end_timestamp: String(dayStart + DAY - 1), limit: '20' },
    });
  }
  items.push({ label: 'daily transaction counts (90 days)', path: '/api/overview/dailytransactionnum', query: { days: '90' } });
  for (const c of s.tokens) items.push({ label: 'token: top 20 holders', path: '/api/token_trc20/holders', query: { contract_address: c, limit: '20' } });
  items.push({ label: 'stablecoin: top 50 USDT holders', path: '/api/stableCoin/holder/top', query: {} });
  return items;
}

/** The runner's workload lines: one label per request kind, every line once per label's turn, 200 expected. */
export function workloadItems(items: readonly PeerItem[]): WorkloadItem[] {
  return items.map((it) => ({ method: 'GET', path: it.path, query: { ...it.query }, weight: 1, label: it.label, expect: { status: 200 } }));
}

type Json = Record<string, unknown>;
const list = (v: unknown): Json[] => (Array.isArray(v) ? (v as Json[]) : []);
const s = (v: unknown): string => String(v);

/**
 * The ordered row ids of our endpoint's answer for `path`, e.g. a block list → its numbers, holders → holder and
 * exact balance. Compared with `peerIds` of the same request.
 */
export function ourIds(path: string, q: Record<string, string>, body: Json): string[] {
  switch (path) {
    case '/api/block':
      return list(body.data).map((r) => s(r.number));
    case '/api/transaction':
      return list(body.data).map((r) => s(r.hash));
    case '/api/token_trc20/transfers':
      return list(body.token_transfers).map((r) => s(r.transaction_id));
    case '/api/transaction-info':
      return body.hash ? [s(body.hash)] : [];
    case '/api/overview/dailytransactionnum':
      return list(body.data).map((r) => `${s(r.dateDayStr)}:${s(r.newTransactionSeen)}`);
    case '/api/token_trc20/holders':
      return list(body.trc20_tokens).map((r) => `${s(r.holder_address)}:${s(r.balance)}`);
    case '/api/stableCoin/holder/top':
      return list(body.data).map((r) => s(r.address));
    default:
      throw new Error(`no ids for ${path} ${JSON.stringify(q)}`);
  }
}

/** The ordered row ids of a peer's `{ data: rows }` for the same request. */
export function peerIds(path: string, body: Json): string[] {
  const rows = list(body.data);
  switch (path) {
    case '/api/block':
      return rows.map((r) => s(r.block_number));
    case '/api/transaction':
    case '/api/token_trc20/transfers':
    case '/api/transaction-info':
      return rows.map((r) => s(r.tx_hash));
    case '/api/overview/dailytransactionnum':
      return rows.map((r) => `${s(r.day)}:${s(r.tx_count)}`);
    case '/api/token_trc20/holders':
      return rows.map((r) => `${s(r.holder_address)}:${s(r.balance_raw)}`);
    case '/api/stableCoin/holder/top':
      return [...new Set(rows.map((r) => s(r.holder_address)))];
    default:
      throw new Error(`no ids for ${path}`);
  }
}
