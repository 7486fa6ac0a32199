/**
 * A version's key files against its runs (growth.ts keyFile): every run of a keyFile dataset has its file, holding
 * the run's rows in the run's order at their full values, and no other key file lies beside them. Read here with
 * plain SQL over the run's Parquet (a by-address copy's '' sides restored in the test), or for a keys-only dataset
 * (no Parquet) over the raw tables' rows of the run's blocks, selected here by hand; and with the format's reader.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { Db } from '../../src/duckdb/duck.ts';
import { KeyFile } from '../../src/lake/key-files.ts';
import { versionDir, type Manifest } from '../../src/lake/manifest.ts';

/** A bucketed copy's bucket of `address` (views.ts address_bucket, written out here). */
const BUCKET = '((ascii(address[-1]) * 58 + ascii(address[-2])) % 32)';

/**
 * The datasets with key files and the columns compared; a dataset whose run is not sorted by block_number alone (or,
 * bucketed, by address, time, tx_index) names its order and its sides stored as '' (growth sameAsAddress).
 */
export const KEYED: Record<string, string | { columns: string; order: string; bucketed: boolean; sides?: string[] }> = {
  blocks_by_number: 'block_number, block_hash, "timestamp", witness_address, fee',
  address_transactions: 'address, direction, tx_hash, "timestamp", owner_address, to_address, amount',
  tx_by_hash: 'hash_prefix, block_number, "timestamp", tx_index',
  transactions_by_block: 'block_number, tx_index, tx_hash, "timestamp", owner_address, amount, fee, internal_count',
  internal_transactions_by_block: 'block_number, tx_hash, internal_index, "timestamp", internal_hash, call_value, rejected, contract_ret',
  token_transfers_by_block: 'block_number, tx_index, log_index, batch_index, tx_hash, "timestamp", contract_address, amount_raw, token_id',
  trx_transfers_by_block: 'block_number, tx_index, tx_hash, "timestamp", contract_type, owner_address, to_address, amount, token_id',
  logs_by_block: 'block_number, tx_hash, log_index, "timestamp", contract_address, topic0, topic1, topic3, data',
  // Issue 32, token transfer lists from key files.
  address_trc20_transfers: {
    columns: 'address, direction, tx_hash, "timestamp", log_index, batch_index, token_standard, contract_address, from_address, to_address, token_id, amount_raw',
    order: `${BUCKET}, address, "timestamp", block_number, tx_index, log_index, batch_index`,
    bucketed: true,
    sides: ['from_address', 'to_address'],
  },
  contract_trc20_transfers: {
    columns: 'contract_address, tx_hash, "timestamp", log_index, batch_index, token_standard, from_address, to_address, token_id, amount_raw',
    order: 'contract_address, "timestamp", block_number, tx_index, log_index, batch_index',
    bucketed: false,
  },
  contract_trc1155_transfers: {
    columns: 'contract_address, tx_hash, "timestamp", log_index, batch_index, token_standard, from_address, to_address, operator_address, token_id, amount_raw',
    order: 'contract_address, "timestamp", block_number, tx_index, log_index, batch_index',
    bucketed: false,
  },
  address_trx_transfers: {
    columns: 'address, direction, tx_hash, "timestamp", contract_type, owner_address, to_address, amount, token_id, memo, contract_ret',
    order: `${BUCKET}, address, "timestamp", block_number, tx_index`,
    bucketed: true,
    sides: ['owner_address', 'to_address'],
  },
  address_internal_transactions: {
    columns: 'address, direction, tx_hash, internal_index, "timestamp", caller_address, to_address, call_value, token_id, contract_ret',
    order: `${BUCKET}, address, "timestamp", block_number, tx_hash, internal_index`,
    bucketed: true,
  },
  contract_internal_transactions: {
    columns: 'contract_address, tx_hash, internal_index, "timestamp", internal_hash, caller_address, to_address, call_value, token_id, rejected, contract_ret',
    order: 'contract_address, "timestamp", block_number, tx_hash, internal_index',
    bucketed: false,
  },
};

/** A one-file run's order (its datasets' sortBy, spelled here): the key file holds its rows in it. */
const RUN_ORDER: Record<string, string> = {
  blocks_by_number: 'block_number',
  tx_by_hash: 'hash_prefix, block_number, tx_index',
  transactions_by_block: 'block_number, tx_index',
  internal_transactions_by_block: 'block_number, tx_hash, internal_index',
  token_transfers_by_block: 'block_number, tx_index, log_index, batch_index',
  trx_transfers_by_block: 'block_number, tx_index',
  logs_by_block: 'block_number, tx_hash, log_index',
};

/**
 * The rows of each keys-only dataset (growth keysOnly) from the raw tables, written here from the catalog's meaning of
 * each copy (not its derive SQL): `raw(t)` reads raw table t's files.
 */
const FROM_RAW: Record<string, (raw: (t: string) => string) => string> = {
  transactions_by_block: (raw) => `SELECT * FROM ${raw('transactions')}`,
  token_transfers_by_block: (raw) => `SELECT * FROM ${raw('token_transfers')}`,
  logs_by_block: (raw) => `SELECT * FROM ${raw('logs')}`,
  trx_transfers_by_block: (raw) => `SELECT * FROM ${raw('transactions')} WHERE contract_type IN (1, 2)`,
  contract_trc20_transfers: (raw) => `SELECT * FROM ${raw('token_transfers')} WHERE token_standard IN ('trc20', 'trc721')`,
  contract_trc1155_transfers: (raw) => `SELECT * FROM ${raw('token_transfers')} WHERE token_standard = 'trc1155'`,
  // The top-level transaction's result ('SUCCESS' when it is not in the lake) beside each internal transaction.
  internal_transactions_by_block: (raw) =>
    `SELECT i.*, coalesce(t.contract_ret, 'SUCCESS') AS contract_ret FROM ${raw('internal_transactions')} i LEFT JOIN (SELECT block_number, tx_hash, contract_ret FROM ${raw('transactions')}) t USING (block_number, tx_hash)`,
  contract_internal_transactions: (raw) =>
    `SELECT t.contract_address, t.contract_ret, i.* FROM ${raw('internal_transactions')} i JOIN (SELECT block_number, tx_hash, contract_address, contract_ret FROM ${raw('transactions')} WHERE contract_address IS NOT NULL) t USING (block_number, tx_hash)`,
  // One row per side of a TRC20 or TRC721 transfer: the sender's ('self' when it sends to itself) and the receiver's.
  address_trc20_transfers: (raw) => `WITH t AS (SELECT * FROM ${raw('token_transfers')} WHERE token_standard IN ('trc20', 'trc721'))
    SELECT from_address AS address, CASE WHEN to_address = from_address THEN 'self' ELSE 'out' END AS direction, * FROM t
    UNION ALL SELECT to_address AS address, 'in' AS direction, * FROM t WHERE to_address <> from_address`,
  // One row per side of a TRX or TRC10 transfer: the sender's ('self' when it sends to itself) and the receiver's.
  address_trx_transfers: (raw) => `WITH t AS (SELECT * FROM ${raw('transactions')} WHERE contract_type IN (1, 2))
    SELECT owner_address AS address, CASE WHEN to_address = owner_address THEN 'self' ELSE 'out' END AS direction, * FROM t
    UNION ALL SELECT to_address AS address, 'in' AS direction, * FROM t WHERE to_address IS NOT NULL AND to_address <> owner_address`,
};

const text = (v: unknown): string => JSON.stringify(v, (_k, x) => (typeof x === 'bigint' ? x.toString() : x));

export async function expectKeyFilesMatchRuns(dataDir: string, m: Manifest): Promise<void> {
  const db = await Db.open({ threads: 2 });
  try {
    for (const [dataset, spec] of Object.entries(KEYED)) {
      const dir = path.join(versionDir(dataDir, m), 'derived', dataset);
      const runs = m.tables[dataset]?.runs ?? [];
      const fromRaw = FROM_RAW[dataset];
      if (fromRaw) {
        // The runs hold every raw row, none twice (each run is checked against its block range below).
        const raw = (t: string): string => `read_parquet('${versionDir(dataDir, m)}/raw/${t}/*/*.parquet', hive_partitioning = false)`;
        expect(runs.reduce((a, r) => a + r.rows, 0), dataset).toBe(Number(await db.scalar(`SELECT count(*) FROM (${fromRaw(raw)})`)));
      }
      expect(readdirSync(dir).filter((f) => f.endsWith('.keys')).sort(), dataset).toEqual(runs.map((r) => `run-${r.id}.keys`).sort());
      const columns = typeof spec === 'string' ? spec : spec.columns;
      const bucketed = typeof spec === 'string' ? dataset === 'address_transactions' : spec.bucketed;
      const sides = typeof spec === 'string' ? (bucketed ? ['owner_address', 'to_address'] : []) : (spec.sides ?? []);
      for (const r of runs) {
        const f = KeyFile.open(path.join(dir, `run-${r.id}.keys`));
        try {
          expect(f.rowCount, `${dataset} ${r.id}`).toBe(r.rows);
          const restore = sides.length ? `* REPLACE (${sides.map((c) => `CASE WHEN ${c} = '' THEN address ELSE ${c} END AS ${c}`).join(', ')})` : '*';
          const order = typeof spec !== 'string' ? spec.order : bucketed ? `${BUCKET}, address, "timestamp", tx_index` : RUN_ORDER[dataset]!;
          let rows: string;
          if (fromRaw) {
            expect(readdirSync(dir).some((f) => f.endsWith('.parquet') || f.startsWith('bucket=')), `${dataset}: keys-only, no Parquet`).toBe(false);
            const raw = (t: string): string => `read_parquet('${versionDir(dataDir, m)}/raw/${t}/*/*.parquet', hive_partitioning = false)`;
            rows = `(${fromRaw(raw)}) WHERE block_number BETWEEN ${r.fromBlock} AND ${r.toBlock}`;
          } else {
            const files = bucketed ? `[${r.files!.map((x) => `'${path.join(dir, `bucket=${x.bucket}`, x.name)}'`).join(', ')}]` : `'${dir}/run-${r.id}.parquet'`;
            rows = `(SELECT ${restore} FROM read_parquet(${files}, hive_partitioning = false))`;
          }
          const want = await db.all(`SELECT ${columns} FROM ${rows} ORDER BY ${order}`);
          const names = columns.split(', ').map((c) => c.replace(/"/g, ''));
          const got = f.rows(0, f.rowCount).map((row) => Object.fromEntries(names.map((c) => [c, row[c]])));
          expect(got.map(text), `${dataset} ${r.id}`).toEqual(want.map(text));
        } finally {
          f.close();
        }
        expect(m.files?.[`derived/${dataset}/run-${r.id}.keys`]?.bytes, r.id).toBeGreaterThan(0);
      }
    }
  } finally {
    db.close();
  }
}
