/**
 * The peers' requests and their SQL, pure: a request of the peer set as our endpoint takes it (path and query) →
 * a `PeerRequest`; a `PeerRequest` → the statement each peer runs (PostgreSQL over its loaded tables with explorer
 * indexes; DuckDB by hand over the raw Parquet day files). Values are always bound parameters; the only text put
 * into SQL is the lake's own folder and the project's stablecoin contract constants (checked to be addresses).
 */
import { STABLECOIN_CONTRACTS } from '../../src/chain/stablecoins.ts';

export const ZERO_ADDRESS = 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb';
const ADDRESS = /^T[1-9A-HJ-NP-Za-km-z]{33}$/;
const HASH = /^[0-9a-f]{64}$/;
const DAY_MS = 86_400_000;

export type PeerRequest =
  | { kind: 'latestBlocks'; limit: number }
  | { kind: 'block'; number: number }
  | { kind: 'addressTransactions'; address: string; limit: number }
  | { kind: 'addressTrc20'; address: string; limit: number }
  | { kind: 'transaction'; hash: string }
  | { kind: 'tokenWindow'; contract: string; start: number; end: number; limit: number }
  | { kind: 'dailyCounts'; days: number }
  | { kind: 'tokenHolders'; contract: string; limit: number }
  | { kind: 'stableTop' };

/** A statement and its parameters, in order ($1, $2… for PostgreSQL; the same order for DuckDB's ?). */
export interface Statement {
  sql: string;
  params: (string | number)[];
}

/** The stablecoin contracts (USDT first) and USDT's, as holder/top ranks by (SPEC §4.4). */
export const STABLE_CONTRACTS: readonly string[] = STABLECOIN_CONTRACTS.map((c) => c.address);
export const USDT_CONTRACTS: readonly string[] = STABLECOIN_CONTRACTS.filter((c) => c.coin === 'USDT').map((c) => c.address);
for (const a of STABLE_CONTRACTS) if (!ADDRESS.test(a)) throw new Error(`not an address: ${a}`);
const inList = (xs: readonly string[]) => xs.map((x) => `'${x}'`).join(', ');

export class BadRequest extends Error {}

function int(q: URLSearchParams, name: string, def: number | undefined, min: number, max: number): number {
  const v = q.get(name);
  if (v === null) {
    if (def === undefined) throw new BadRequest(`${name} is required`);
    return def;
  }
  if (!/^\d{1,16}$/.test(v) || Number(v) < min || Number(v) > max) throw new BadRequest(`${name} must be a whole number in [${min}, ${max}]`);
  return Number(v);
}

function match(q: URLSearchParams, name: string, re: RegExp): string {
  const v = q.get(name);
  if (v === null || !re.test(v)) throw new BadRequest(`${name} is required and must match ${re.source}`);
  return v;
}

/** The request of the peer set that our endpoint `path` answers for these parameters; a 400 for anything else. */
export function parseRequest(path: string, q: URLSearchParams): PeerRequest {
  const limit = () => int(q, 'limit', 20, 1, 50);
  switch (path) {
    case '/api/block':
      return q.has('number') ? { kind: 'block', number: int(q, 'number', undefined, 0, 2 ** 40) } : { kind: 'latestBlocks', limit: limit() };
    case '/api/transaction':
      return { kind: 'addressTransactions', address: match(q, 'address', ADDRESS), limit: limit() };
    case '/api/token_trc20/transfers':
      if (q.has('relatedAddress')) return { kind: 'addressTrc20', address: match(q, 'relatedAddress', ADDRESS), limit: limit() };
      return {
        kind: 'tokenWindow', contract: match(q, 'contract_address', ADDRESS), limit: limit(),
        start: int(q, 'start_timestamp', undefined, 0, 2 ** 50), end: int(q, 'end_timestamp', undefined, 0, 2 ** 50),
      };
    case '/api/transaction-info':
      return { kind: 'transaction', hash: match(q, 'hash', HASH) };
    case '/api/overview/dailytransactionnum':
      return { kind: 'dailyCounts', days: int(q, 'days', 15, 1, 2000) };
    case '/api/token_trc20/holders':
      return { kind: 'tokenHolders', contract: match(q, 'contract_address', ADDRESS), limit: limit() };
    case '/api/stableCoin/holder/top':
      return { kind: 'stableTop' };
    default:
      throw new BadRequest(`not a request of the peer set: ${path}`);
  }
}

/** The first and last UTC day (YYYY-MM-DD) of the last `days` days ending on the head's day, as our series count them. */
export function dayWindow(headMs: number, days: number): { from: string; to: string } {
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return { from: day(headMs - (days - 1) * DAY_MS), to: day(headMs) };
}

/**
 * Newest-first orders, the same keys as our lists' sorts and tie-breaks (transactions: time, block, index; token
 * transfers: time, block, transaction index, log index, batch index).
 */
const TX_ORDER = '"timestamp" DESC, block_number DESC, tx_index DESC';
const TT_ORDER = '"timestamp" DESC, block_number DESC, tx_index DESC, log_index DESC, batch_index DESC';
const TX_COLS = 'tx_hash, block_number, "timestamp", tx_index, contract_type, owner_address, to_address, contract_address, amount, token_id, contract_ret, fee, energy_usage, net_usage';
const TT_COLS = 'tx_hash, block_number, "timestamp", tx_index, log_index, batch_index, token_standard, contract_address, from_address, to_address, amount_raw';
const BLOCK_COLS = 'block_number, block_hash, parent_hash, "timestamp", witness_address, tx_trie_root, version, size_bytes, tx_count, net_usage, energy_usage, fee';

/**
 * The TRC20 ledger of the listed contracts, the rule of our `trc20_balances` (docs/datasets.md): the opening
 * balance (trc20_snapshots; on a generated lake every row is as of the block before the first) plus Σ received −
 * Σ sent plus the stablecoin events that move a balance without a Transfer; the zero address is no holder.
 * `numeric` is PostgreSQL's exact type, HUGEINT DuckDB's.
 */
function ledger(contractFilter: string, t: (name: string) => string, exact: string): string {
  return `SELECT holder, contract_address, sum(d) AS bal FROM (
    SELECT to_address AS holder, contract_address, CAST(amount_raw AS ${exact}) AS d FROM ${t('token_transfers')} WHERE token_standard = 'trc20' AND ${contractFilter}
    UNION ALL SELECT from_address, contract_address, -CAST(amount_raw AS ${exact}) FROM ${t('token_transfers')} WHERE token_standard = 'trc20' AND ${contractFilter}
    UNION ALL SELECT holder_address, contract_address, CAST(balance_raw AS ${exact}) FROM ${t('trc20_snapshots')} WHERE ${contractFilter}
    UNION ALL SELECT target_address, contract_address, CASE balance_effect WHEN 'credit' THEN 1 ELSE -1 END * CAST(amount_raw AS ${exact})
      FROM ${t('stablecoin_events')} WHERE balance_effect IS NOT NULL AND ${contractFilter}
  ) f WHERE holder <> '${ZERO_ADDRESS}' GROUP BY holder, contract_address`;
}

/**
 * One statement for both peers; `t` names a table (PostgreSQL: the table; DuckDB: read_parquet of its day files),
 * `p(i)` the i-th parameter. Peers differ only there and in the exact type.
 */
function statement(r: PeerRequest, headMs: number, t: (name: string) => string, p: (i: number) => string, exact: string): Statement {
  switch (r.kind) {
    case 'latestBlocks':
      return { sql: `SELECT ${BLOCK_COLS} FROM ${t('blocks')} ORDER BY block_number DESC LIMIT ${p(1)}`, params: [r.limit] };
    case 'block':
      return { sql: `SELECT ${BLOCK_COLS} FROM ${t('blocks')} WHERE block_number = ${p(1)}`, params: [r.number] };
    case 'addressTransactions':
      // Both sides of the address (sent: owner; received: to, or the contract called), newest first; a transaction
      // to itself is one row. Each side is a top-N on its own index, then merged (UNION drops the self rows' twin).
      return {
        sql: `SELECT * FROM (
  (SELECT ${TX_COLS} FROM ${t('transactions')} WHERE owner_address = ${p(1)} ORDER BY ${TX_ORDER} LIMIT ${p(2)})
  UNION
  (SELECT ${TX_COLS} FROM ${t('transactions')} WHERE coalesce(to_address, contract_address) = ${p(1)} ORDER BY ${TX_ORDER} LIMIT ${p(2)})
) u ORDER BY ${TX_ORDER} LIMIT ${p(2)}`,
        params: [r.address, r.limit],
      };
    case 'addressTrc20':
      return {
        sql: `SELECT * FROM (
  (SELECT ${TT_COLS} FROM ${t('token_transfers')} WHERE from_address = ${p(1)} AND token_standard IN ('trc20', 'trc721') ORDER BY ${TT_ORDER} LIMIT ${p(2)})
  UNION
  (SELECT ${TT_COLS} FROM ${t('token_transfers')} WHERE to_address = ${p(1)} AND token_standard IN ('trc20', 'trc721') ORDER BY ${TT_ORDER} LIMIT ${p(2)})
) u ORDER BY ${TT_ORDER} LIMIT ${p(2)}`,
        params: [r.address, r.limit],
      };
    case 'transaction':
      return { sql: `SELECT ${TX_COLS} FROM ${t('transactions')} WHERE tx_hash = ${p(1)}`, params: [r.hash] };
    case 'tokenWindow':
      return {
        sql: `SELECT ${TT_COLS} FROM ${t('token_transfers')}
WHERE contract_address = ${p(1)} AND token_standard IN ('trc20', 'trc721') AND "timestamp" >= ${p(2)} AND "timestamp" <= ${p(3)}
ORDER BY ${TT_ORDER} LIMIT ${p(4)}`,
        params: [r.contract, r.start, r.end, r.limit],
      };
    case 'dailyCounts': {
      const w = dayWindow(headMs, r.days);
      return {
        sql: `SELECT CAST("date" AS VARCHAR) AS day, count(*) AS tx_count FROM ${t('transactions')}
WHERE "date" BETWEEN CAST(${p(1)} AS DATE) AND CAST(${p(2)} AS DATE) GROUP BY "date" ORDER BY "date"`,
        params: [w.from, w.to],
      };
    }
    case 'tokenHolders':
      return {
        sql: `SELECT holder AS holder_address, CAST(bal AS VARCHAR) AS balance_raw FROM (${ledger(`contract_address = ${p(1)}`, t, exact)}) l
WHERE bal > 0 ORDER BY bal DESC, holder LIMIT ${p(2)}`,
        params: [r.contract, r.limit],
      };
    case 'stableTop':
      // The 50 largest USDT holders (its contracts summed), then each one's positive position in every stablecoin.
      return {
        sql: `WITH l AS (${ledger(`contract_address IN (${inList(STABLE_CONTRACTS)})`, t, exact)}),
coin AS (SELECT holder, sum(bal) AS bal FROM l WHERE contract_address IN (${inList(USDT_CONTRACTS)}) AND bal > 0 GROUP BY holder),
top AS (SELECT holder, row_number() OVER (ORDER BY bal DESC, holder) AS rn FROM coin ORDER BY bal DESC, holder LIMIT 50)
SELECT top.rn, top.holder AS holder_address, l.contract_address, CAST(l.bal AS VARCHAR) AS balance_raw
FROM top JOIN l ON l.holder = top.holder AND l.bal > 0 ORDER BY top.rn, l.contract_address`,
        params: [],
      };
  }
}

/** PostgreSQL: the loaded tables, `numeric` amounts. */
export function pgStatement(r: PeerRequest, headMs: number): Statement {
  return statement(r, headMs, (n) => n, (i) => `$${i}`, 'numeric');
}

/** The raw day files of a lake version folder, as a user reads them by hand. */
export function parquetGlob(versionDir: string, table: string): string {
  if (/['\\]/.test(versionDir)) throw new Error(`a lake folder with a quote or backslash cannot be read by hand: ${versionDir}`);
  return table === 'trc20_snapshots'
    ? `read_parquet('${versionDir}/snap/trc20_snapshots.parquet')`
    : `read_parquet('${versionDir}/raw/${table}/*/*.parquet', hive_partitioning = true)`;
}

/** DuckDB by hand: read_parquet over the raw day files, HUGEINT amounts; parameters are `$1`… in DuckDB too. */
export function duckStatement(r: PeerRequest, headMs: number, versionDir: string): Statement {
  return statement(r, headMs, (n) => parquetGlob(versionDir, n), (i) => `$${i}`, 'HUGEINT');
}
