/**
 * The PostgreSQL peer's temporary cluster: initdb into a temp folder, pg_ctl on a free port (Unix socket only, trust
 * authentication), the lake's raw rows loaded (DuckDB writes CSV from the Parquet day files, COPY reads it), an
 * explorer's indexes, ANALYZE; the folder is removed after. Debian's `postgresql` package (initdb refuses root, so
 * the cluster runs as its `postgres` user).
 */
import { execFileSync } from 'node:child_process';
import { promises as fs, existsSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Db } from '../../src/duckdb/duck.ts';
import { readManifest, versionDir } from '../../src/lake/manifest.ts';
import { parquetGlob } from './queries.ts';
import { PgConnection } from './pg-wire.ts';

/** A table: its PostgreSQL columns (the ones the requests read) and the DuckDB select that writes them. */
interface TableLoad {
  name: string;
  columns: string;
  select: (dir: string) => string;
}

export const TABLES: readonly TableLoad[] = [
  {
    name: 'blocks',
    columns: 'block_number bigint PRIMARY KEY, block_hash text, parent_hash text, "timestamp" bigint, witness_address text, tx_trie_root text, version int, size_bytes int, tx_count int, net_usage bigint, energy_usage bigint, fee bigint',
    select: (d) => `SELECT block_number, block_hash, parent_hash, "timestamp", witness_address, tx_trie_root, version, size_bytes, tx_count, net_usage, energy_usage, fee FROM ${parquetGlob(d, 'blocks')}`,
  },
  {
    name: 'transactions',
    columns: 'tx_hash text, block_number bigint, "timestamp" bigint, tx_index int, contract_type int, owner_address text, to_address text, contract_address text, amount bigint, token_id text, contract_ret text, fee bigint, energy_usage bigint, net_usage bigint, "date" date',
    select: (d) => `SELECT tx_hash, block_number, "timestamp", tx_index, contract_type, owner_address, to_address, contract_address, amount, token_id, contract_ret, fee, energy_usage, net_usage, "date" FROM ${parquetGlob(d, 'transactions')}`,
  },
  {
    name: 'token_transfers',
    columns: 'tx_hash text, block_number bigint, "timestamp" bigint, tx_index int, log_index int, batch_index int, token_standard text, contract_address text, from_address text, to_address text, amount_raw numeric',
    select: (d) => `SELECT tx_hash, block_number, "timestamp", tx_index, log_index, batch_index, token_standard, contract_address, from_address, to_address, amount_raw FROM ${parquetGlob(d, 'token_transfers')}`,
  },
  {
    name: 'trc20_snapshots',
    columns: 'contract_address text, holder_address text, as_of_block bigint, balance_raw numeric',
    select: (d) => `SELECT contract_address, holder_address, as_of_block, balance_raw FROM ${parquetGlob(d, 'trc20_snapshots')}`,
  },
  {
    name: 'stablecoin_events',
    columns: 'contract_address text, target_address text, amount_raw numeric, balance_effect text, block_number bigint',
    select: (d) => `SELECT contract_address, target_address, amount_raw, balance_effect, block_number FROM ${parquetGlob(d, 'stablecoin_events')}`,
  },
];

/** An explorer's indexes: block number, hash, address + time per side, token + time. */
export const INDEXES: readonly string[] = [
  'CREATE INDEX tx_hash ON transactions (tx_hash)',
  'CREATE INDEX tx_block ON transactions (block_number)',
  'CREATE INDEX tx_from_time ON transactions (owner_address, "timestamp")',
  'CREATE INDEX tx_to_time ON transactions ((coalesce(to_address, contract_address)), "timestamp")',
  'CREATE INDEX tt_from_time ON token_transfers (from_address, "timestamp")',
  'CREATE INDEX tt_to_time ON token_transfers (to_address, "timestamp")',
  'CREATE INDEX tt_token_time ON token_transfers (contract_address, "timestamp")',
  'CREATE INDEX snap_token ON trc20_snapshots (contract_address)',
  'CREATE INDEX sce_token ON stablecoin_events (contract_address)',
];

export interface Cluster {
  dir: string;
  socketDir: string;
  port: number;
  user: string;
  /** Seconds: CSV written by DuckDB, COPY, indexes, ANALYZE; and their sum. */
  load: { csvS: number; copyS: number; indexS: number; analyzeS: number; totalS: number };
  /** pg_total_relation_size per table (heap, indexes, TOAST) and their sum. */
  bytes: Record<string, number>;
  totalBytes: number;
  rows: Record<string, number>;
  settings: string;
  /** e.g. `PostgreSQL 15`. */
  version: string;
  stop(): void;
}

/** The newest PostgreSQL of Debian's layout (/usr/lib/postgresql/<major>/bin). */
export function pgBin(): string {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) throw new Error('PostgreSQL is not installed: apt-get install -y postgresql (Debian)');
  const majors = readdirSync(root).filter((x) => /^\d+$/.test(x)).sort((a, b) => Number(b) - Number(a));
  if (!majors[0]) throw new Error(`no PostgreSQL under ${root}`);
  return path.join(root, majors[0], 'bin');
}

const SETTINGS = ['shared_buffers=1GB', 'work_mem=64MB', 'maintenance_work_mem=1GB', 'fsync=off', 'synchronous_commit=off', 'full_page_writes=off'];

/** Starts a temporary cluster on `port` and loads the lake's rows into it. */
export async function startCluster(lake: string, port: number, log: (s: string) => void): Promise<Cluster> {
  const m = await readManifest(lake);
  if (!m) throw new Error(`no lake in ${lake}`);
  const vdir = versionDir(lake, m);
  const bin = pgBin();
  const user = 'postgres';
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tronlake-peers-pg-'));
  const socketDir = path.join(dir, 'sock');
  const csvDir = path.join(dir, 'csv');
  await fs.mkdir(socketDir);
  await fs.mkdir(csvDir);
  await fs.chmod(dir, 0o755);
  execFileSync('chown', ['-R', `${user}:`, dir]);
  const as = (cmd: string, args: string[]) => execFileSync('runuser', ['-u', user, '--', path.join(bin, cmd), ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let started = false;
  const stop = () => {
    try {
      if (started) as('pg_ctl', ['-D', path.join(dir, 'data'), '-m', 'fast', '-w', 'stop']);
    } finally {
      execFileSync('rm', ['-rf', dir]);
    }
  };
  try {
    log(`initdb ${dir}/data (PostgreSQL ${path.basename(path.dirname(bin))})`);
    as('initdb', ['-D', path.join(dir, 'data'), '-U', user, '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
    const opts = [`-p ${port}`, `-k ${socketDir}`, "-c listen_addresses=''", ...SETTINGS.map((s) => `-c ${s}`)].join(' ');
    as('pg_ctl', ['-D', path.join(dir, 'data'), '-o', opts, '-l', path.join(dir, 'server.log'), '-w', 'start']);
    started = true;
    const c = await PgConnection.connect(socketDir, port, user);
    const t0 = performance.now();
    const db = await Db.open({});
    for (const t of TABLES) {
      await db.run(`COPY (${t.select(vdir)}) TO '${path.join(csvDir, `${t.name}.csv`)}' (FORMAT csv, HEADER false)`);
    }
    db.close();
    await fs.chmod(csvDir, 0o755);
    for (const t of TABLES) await fs.chmod(path.join(csvDir, `${t.name}.csv`), 0o644);
    const t1 = performance.now();
    log(`CSV written in ${((t1 - t0) / 1000).toFixed(1)} s`);
    for (const t of TABLES) {
      await c.simple(`CREATE TABLE ${t.name} (${t.columns})`);
      await c.simple(`COPY ${t.name} FROM '${path.join(csvDir, `${t.name}.csv`)}' WITH (FORMAT csv)`);
    }
    const t2 = performance.now();
    log(`COPY in ${((t2 - t1) / 1000).toFixed(1)} s`);
    for (const ix of INDEXES) await c.simple(ix);
    const t3 = performance.now();
    log(`indexes in ${((t3 - t2) / 1000).toFixed(1)} s`);
    await c.simple('VACUUM ANALYZE');
    const t4 = performance.now();
    await fs.rm(csvDir, { recursive: true });
    const bytes: Record<string, number> = {};
    const rows: Record<string, number> = {};
    for (const t of TABLES) {
      const [r] = await c.query(`SELECT pg_total_relation_size('${t.name}') AS b, (SELECT count(*) FROM ${t.name}) AS n`);
      bytes[t.name] = Number(r?.b);
      rows[t.name] = Number(r?.n);
    }
    c.close();
    const s = (a: number, b: number) => Math.round((b - a) / 100) / 10;
    return {
      dir, socketDir, port, user, bytes, rows, stop,
      totalBytes: Object.values(bytes).reduce((a, b) => a + b, 0),
      load: { csvS: s(t0, t1), copyS: s(t1, t2), indexS: s(t2, t3), analyzeS: s(t3, t4), totalS: s(t0, t4) },
      settings: SETTINGS.join(', '),
      version: `PostgreSQL ${path.basename(path.dirname(bin))}`,
    };
  } catch (e) {
    stop();
    throw e;
  }
}
