/**
 * Node state as of the published solid head (issue 12, design map R3): after the blocks up to the node's solid head
 * are staged, the ingester reads the state of what they touched and stages it as snapshot rows published with those
 * blocks (one atomic version, `snapshots: 'upsert'`):
 *
 * - `account_snapshots`: `/walletsolidity/getaccount` per touched address (hex mode, converted here), with its
 *   unclaimed voting reward from `/walletsolidity/getReward` (`/wallet/getReward` beside `/wallet/getaccount`);
 * - `resource_delegations`: for owners of delegation contracts (Stake 2.0: 57, 58; Stake 1.0: 11, 12 with a
 *   receiver), `getdelegatedresourceaccountindexv2` → `getdelegatedresourcev2` per (owner, receiver), and the v1
 *   pair (`getdelegatedresourceaccountindex` → `getdelegatedresource`); a pair the lake holds that the node no longer
 *   lists is written with balance 0;
 * - `network_snapshots`: `/wallet/getaccountresource` network totals (one row per snapshot).
 *
 * The as-of block is the solid head read before the reads; the caller reads it again after and, if it moved,
 * ingests the new blocks and reads again what they touched (`SnapshotReader.read` is incremental over addresses).
 * Requests run `concurrency` at a time through NodeClient (retries, rate limits). A node that does not serve one
 * of these APIs (404, a lite node's text answer, an `{"Error"}`) stops the ingest with `SnapshotApiError` naming the
 * API and the way out (`--no-snapshots`): nothing is published half.
 */
import type { AppendCell, Db } from '../../src/duckdb/duck.ts';
import { base58ToHex, hexToBase58 } from '../../src/chain/address.ts';
import { accountSnapshots, networkSnapshots, resourceDelegations, type Dataset } from '../../src/lake/datasets/index.ts';
import { int64, NodeNotJsonError } from '../../src/chain/node-json.ts';
import { NodeApiError, type NodeClient } from './node-client.ts';
import { pool } from './pool.ts';
import type { Trc20SnapshotTracker } from './trc20-snapshots.ts';

/* eslint-disable @typescript-eslint/no-explicit-any */
/** Node answers are loose JSON (default values omitted); every exported signature is typed. */
type Json = any;

export class SnapshotApiError extends Error {
  constructor(readonly api: string, why: string) {
    super(`the node cannot answer ${api} (${why}): account snapshots need a full node serving the state APIs (/walletsolidity/getaccount, /walletsolidity/getReward, /wallet/getdelegatedresource*, /wallet/getaccountresource); ingest with --no-snapshots to skip them`);
    this.name = 'SnapshotApiError';
  }
}

/** One account_snapshots row, in catalog column order. */
export interface AccountRow {
  address: string;
  as_of_block: number;
  balance: bigint;
  create_time: bigint;
  account_name: string;
  is_witness: boolean;
  latest_withdraw_time: bigint;
  frozen_v1_bandwidth: bigint;
  frozen_v1_bandwidth_expire: bigint;
  frozen_v1_energy: bigint;
  frozen_v1_energy_expire: bigint;
  delegated_v1_bandwidth: bigint;
  delegated_v1_energy: bigint;
  acquired_v1_bandwidth: bigint;
  acquired_v1_energy: bigint;
  frozen_v2_bandwidth: bigint;
  frozen_v2_energy: bigint;
  frozen_v2_tron_power: bigint;
  delegated_v2_bandwidth: bigint;
  delegated_v2_energy: bigint;
  acquired_v2_bandwidth: bigint;
  acquired_v2_energy: bigint;
  unfrozen_v2_json: string;
  votes_json: string;
  owner_permission_json: string | null;
  active_permissions_json: string | null;
  witness_permission_json: string | null;
  assets_json: string | null;
  reward: bigint;
  net_usage: bigint;
  latest_consume_time: bigint;
  net_window_size: bigint | null;
  free_net_usage: bigint;
  latest_consume_free_time: bigint;
  energy_usage: bigint;
  latest_consume_time_for_energy: bigint;
  energy_window_size: bigint | null;
}

/** java-tron's block interval: a window size is counted in slots of 3 s. */
const SLOT_MS = 3000n;

/**
 * A getaccount window size (`net_window_size` / `account_resource.energy_window_size`) in ms, or null for the
 * default (24 h from the consume time). java-tron (AccountCapsule.getWindowSize): 0 is the default; an optimized
 * window is in thousandths of a slot (one under a slot is the default too), else in slots. getaccount recovers the
 * usage to its head first and, since Stake 2.0, answers the window remaining from that head.
 */
export function windowMs(size: unknown, optimized: unknown): bigint | null {
  const w = big(size);
  if (w <= 0n) return null;
  if (optimized === true) return w < 1000n ? null : (w * SLOT_MS) / 1000n;
  return w * SLOT_MS;
}

export interface DelegationRow {
  from_address: string;
  to_address: string;
  version: 1 | 2;
  resource: 'BANDWIDTH' | 'ENERGY';
  as_of_block: number;
  balance: bigint;
  lock_balance: bigint;
  expire_time: bigint;
}

export interface NetworkRow {
  as_of_block: number;
  timestamp: number;
  total_net_weight: bigint;
  total_net_limit: bigint;
  total_energy_weight: bigint;
  total_energy_limit: bigint;
  total_tron_power_weight: bigint;
}

/** A node's int64 field (a JSON number or a string past 2^53) as a bigint; shared with node-lists.ts. */
export const big = (v: unknown): bigint => {
  const x = int64(v as number | string | undefined);
  return typeof x === 'bigint' ? x : BigInt(x);
};
/** A node's hex address (41…) in Base58; shared with node-lists.ts. */
export const b58 = (hex: unknown): string => hexToBase58(String(hex));
const utf8 = (hex: unknown): string => (typeof hex === 'string' && hex ? Buffer.from(hex, 'hex').toString('utf8') : '');

/** A permission as the node prints it, with its key addresses in Base58 (the lake's form). */
function permission(p: Json): Json {
  const out: Json = { ...p };
  if (Array.isArray(p.keys)) out.keys = p.keys.map((k: Json) => ({ ...k, address: b58(k.address) }));
  return out;
}

/** Default permissions (threshold 1, the account's own key alone) are recorded as NULL, as the catalog says. */
function isDefault(p: Json, self: string): boolean {
  return Number(p?.threshold ?? 1) === 1 && Array.isArray(p?.keys) && p.keys.length === 1 && b58(p.keys[0].address) === self;
}

/**
 * A `/walletsolidity/getaccount` answer (hex mode) and its `getReward` answer (`{reward}`, sun) → an account_snapshots
 * row. `{}` (an account that does not exist) is a row of zeros: the address holds nothing.
 */
export function accountRow(address: string, asOf: number, a: Json, rewardAnswer: Json = {}): AccountRow {
  const r = a?.account_resource ?? {};
  const frozenV1 = (Array.isArray(a?.frozen) ? a.frozen : []) as Json[];
  const v2 = { BANDWIDTH: 0n, ENERGY: 0n, TRON_POWER: 0n } as Record<string, bigint>;
  for (const f of (a?.frozenV2 ?? []) as Json[]) v2[f.type ?? 'BANDWIDTH'] = (v2[f.type ?? 'BANDWIDTH'] ?? 0n) + big(f.amount);
  const unfrozen = ((a?.unfrozenV2 ?? []) as Json[]).map((u) => ({ type: u.type ?? 'BANDWIDTH', amount: big(u.unfreeze_amount), expire: big(u.unfreeze_expire_time) }));
  const votes = ((a?.votes ?? []) as Json[]).map((v) => ({ address: b58(v.vote_address), count: big(v.vote_count) }));
  const actives = (Array.isArray(a?.active_permission) ? a.active_permission : []) as Json[];
  const owner = a?.owner_permission;
  const json = (x: unknown): string => JSON.stringify(x, (_k, v) => (typeof v === 'bigint' ? (v <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(v) : v.toString()) : v));
  return {
    address,
    as_of_block: asOf,
    balance: big(a?.balance),
    create_time: big(a?.create_time),
    account_name: utf8(a?.account_name),
    is_witness: a?.is_witness === true,
    latest_withdraw_time: big(a?.latest_withdraw_time),
    frozen_v1_bandwidth: frozenV1.reduce((s, f) => s + big(f.frozen_balance), 0n),
    frozen_v1_bandwidth_expire: frozenV1.reduce((m, f) => (big(f.expire_time) > m ? big(f.expire_time) : m), 0n),
    frozen_v1_energy: big(r.frozen_balance_for_energy?.frozen_balance),
    frozen_v1_energy_expire: big(r.frozen_balance_for_energy?.expire_time),
    delegated_v1_bandwidth: big(a?.delegated_frozen_balance_for_bandwidth),
    delegated_v1_energy: big(r.delegated_frozen_balance_for_energy),
    acquired_v1_bandwidth: big(a?.acquired_delegated_frozen_balance_for_bandwidth),
    acquired_v1_energy: big(r.acquired_delegated_frozen_balance_for_energy),
    frozen_v2_bandwidth: v2.BANDWIDTH!,
    frozen_v2_energy: v2.ENERGY!,
    frozen_v2_tron_power: v2.TRON_POWER!,
    delegated_v2_bandwidth: big(a?.delegated_frozenV2_balance_for_bandwidth),
    delegated_v2_energy: big(r.delegated_frozenV2_balance_for_energy),
    acquired_v2_bandwidth: big(a?.acquired_delegated_frozenV2_balance_for_bandwidth),
    acquired_v2_energy: big(r.acquired_delegated_frozenV2_balance_for_energy),
    unfrozen_v2_json: json(unfrozen),
    votes_json: json(votes),
    owner_permission_json: owner && !isDefault(owner, address) ? json(permission(owner)) : null,
    active_permissions_json: actives.length && !(actives.length === 1 && isDefault(actives[0], address)) ? json(actives.map(permission)) : null,
    witness_permission_json: a?.witness_permission ? json(permission(a.witness_permission)) : null,
    assets_json: json(((a?.assetV2 ?? []) as Json[]).map((x) => ({ key: String(x.key), value: big(x.value) }))),
    reward: big(rewardAnswer?.reward),
    net_usage: big(a?.net_usage),
    latest_consume_time: big(a?.latest_consume_time),
    net_window_size: windowMs(a?.net_window_size, a?.net_window_optimized),
    free_net_usage: big(a?.free_net_usage),
    latest_consume_free_time: big(a?.latest_consume_free_time),
    energy_usage: big(r.energy_usage),
    latest_consume_time_for_energy: big(r.latest_consume_time_for_energy),
    energy_window_size: windowMs(r.energy_window_size, r.energy_window_optimized),
  };
}

/**
 * The entries of a `getdelegatedresourcev2` / `getdelegatedresource` answer → one row per resource. An entry whose
 * expiry is after the as-of block's time is the locked part (Stake 2.0); for Stake 1.0 the expiry is the unfreeze time.
 */
export function delegationRows(from: string, to: string, version: 1 | 2, asOf: number, asOfTs: number, entries: Json[]): DelegationRow[] {
  const out: DelegationRow[] = [];
  for (const [resource, bal, exp] of [['BANDWIDTH', 'frozen_balance_for_bandwidth', 'expire_time_for_bandwidth'], ['ENERGY', 'frozen_balance_for_energy', 'expire_time_for_energy']] as const) {
    let balance = 0n;
    let lock = 0n;
    let expire = 0n;
    for (const e of entries) {
      const b = big(e[bal]);
      const x = big(e[exp]);
      balance += b;
      if (version === 2 && b > 0n && x > BigInt(asOfTs)) lock += b;
      if (b > 0n && x > expire) expire = x;
    }
    out.push({ from_address: from, to_address: to, version, resource, as_of_block: asOf, balance, lock_balance: lock, expire_time: version === 2 && lock === 0n ? 0n : expire });
  }
  return out;
}

export interface SnapshotRequest {
  /** Base58 addresses whose account state to read. */
  accounts: Set<string>;
  /** Base58 owners of delegation contracts, per stake version. */
  delegators: { v1: Set<string>; v2: Set<string> };
  asOf: number;
  asOfTs: number;
  /** An existing account to ask `getaccountresource` with (the network totals come with any account's answer). */
  networkAddress?: string;
  /** `/walletsolidity/getaccount`, or `/wallet/getaccount` for a node without the solidity API (its head counts as solid). */
  accountPath?: string;
}

export interface SnapshotRows {
  accounts: AccountRow[];
  delegations: DelegationRow[];
  network: NetworkRow | null;
}

/** Reads node state; `previousPairs(owner, version)` gives the receivers the lake holds a non-zero delegation to. */
export async function readSnapshots(
  client: NodeClient,
  req: SnapshotRequest,
  concurrency: number,
  previousPairs: (owners: string[], version: 1 | 2) => Promise<Map<string, Set<string>>>,
): Promise<SnapshotRows> {
  const call = async (path: string, body: Record<string, unknown>): Promise<Json> => {
    try {
      return await client.call<Json>(path, body);
    } catch (e) {
      if (e instanceof NodeApiError || e instanceof NodeNotJsonError) throw new SnapshotApiError(path, e.message.slice(0, 200));
      throw e;
    }
  };
  const hex = (b: string): string => base58ToHex(b);
  const accountPath = req.accountPath ?? '/walletsolidity/getaccount';
  // The reward as of the same state as the account: the solidity API beside /walletsolidity/getaccount.
  const rewardPath = accountPath.replace(/getaccount$/, 'getReward');
  const accounts = await pool([...req.accounts].sort(), concurrency, async (a) =>
    accountRow(a, req.asOf, await call(accountPath, { address: hex(a), visible: false }), await call(rewardPath, { address: hex(a), visible: false })));
  // Delegators: owners of delegation contracts, and every account read that delegates (its pairs may predate the
  // lake: a Stake 1.0 delegation has no transaction any more, yet the node still lists it).
  const v1 = new Set(req.delegators.v1);
  const v2 = new Set(req.delegators.v2);
  for (const a of accounts) {
    if (a.delegated_v1_bandwidth + a.delegated_v1_energy > 0n) v1.add(a.address);
    if (a.delegated_v2_bandwidth + a.delegated_v2_energy > 0n) v2.add(a.address);
  }
  const delegations: DelegationRow[] = [];
  for (const version of [2, 1] as const) {
    const owners = [...(version === 2 ? v2 : v1)].sort();
    if (!owners.length) continue;
    const [indexApi, pairApi] = version === 2
      ? ['/wallet/getdelegatedresourceaccountindexv2', '/wallet/getdelegatedresourcev2']
      : ['/wallet/getdelegatedresourceaccountindex', '/wallet/getdelegatedresource'];
    const before = await previousPairs(owners, version);
    const receivers = await pool(owners, concurrency, async (o) => {
      const idx = await call(indexApi, { value: hex(o), visible: false });
      const now = new Set<string>(((idx?.toAccounts ?? []) as string[]).map(b58));
      for (const r of before.get(o) ?? []) now.add(r); // listed no more: read, and written as 0 when gone
      return [...now].sort().map((r) => [o, r] as const);
    });
    const pairs = receivers.flat();
    const rows = await pool(pairs, concurrency, async ([o, r]) => {
      const ans = await call(pairApi, { fromAddress: hex(o), toAddress: hex(r), visible: false });
      return delegationRows(o, r, version, req.asOf, req.asOfTs, (ans?.delegatedResource ?? []) as Json[]);
    });
    for (const list of rows) for (const row of list) delegations.push(row);
  }
  let network: NetworkRow | null = null;
  const any = req.networkAddress ?? [...req.accounts].sort()[0];
  if (any) {
    const r = await call('/wallet/getaccountresource', { address: hex(any), visible: false });
    network = {
      as_of_block: req.asOf,
      timestamp: req.asOfTs,
      total_net_weight: big(r.TotalNetWeight),
      total_net_limit: big(r.TotalNetLimit),
      total_energy_weight: big(r.TotalEnergyWeight),
      total_energy_limit: big(r.TotalEnergyLimit),
      total_tron_power_weight: big(r.TotalTronPowerWeight),
    };
  }
  return { accounts, delegations, network };
}

/** Stages snapshot rows into the catalog tables of the staging database (replacing rows staged for the same keys). */
export async function stageSnapshots(db: Db, rows: SnapshotRows): Promise<void> {
  // Columns in catalog order, whatever the order of the row objects' keys.
  const append = async (ds: Dataset, list: object[]): Promise<void> => {
    if (!list.length) return;
    const columns = ds.columns.map((c) => list.map((r) => (r as Record<string, AppendCell>)[c.name] ?? null));
    await db.appendColumns(ds.name, columns);
  };
  await append(accountSnapshots, rows.accounts);
  await append(resourceDelegations, rows.delegations);
  await append(networkSnapshots, rows.network ? [rows.network] : []);
}

/**
 * What the ingester still has to read, and what it has read, across publishes.
 *
 * Reads that began at solid head s0 and ended after the head moved to s1 are kept: a row read while the head was
 * anywhere in [s0, s1] is the state at any later head h as long as no block in (s0, h] touched its address, and the
 * blocks staged after s0 put exactly those addresses back into `pending`. So each retry reads only what the new
 * blocks touched, and the snapshot converges even on a live chain (design: docs/ingester.md "Account snapshots").
 */
export class SnapshotTracker {
  private pending = { accounts: new Set<string>(), v1: new Set<string>(), v2: new Set<string>() };
  private held = new Map<string, AccountRow>();
  private heldPairs = new Map<string, DelegationRow>();
  /** Addresses read, staged and published so far by this run. */
  accountsPublished = 0;
  snapshotsPublished = 0;

  /** `trc20`: the tracked tokens' balances, read and staged with the accounts (trc20-snapshots.ts). */
  constructor(private readonly trc20?: Trc20SnapshotTracker) {}

  /** Adds the addresses final blocks `from..to` touched (read from the staged rows). */
  async collect(db: Db, from: number, to: number): Promise<void> {
    if (to < from) return;
    await this.trc20?.collect(db, from, to);
    const rows = await db.all(`
      SELECT DISTINCT address, contract_type, side FROM (
        SELECT owner_address AS address, contract_type, 'owner' AS side FROM transactions WHERE block_number BETWEEN ${from} AND ${to}
        UNION ALL SELECT to_address, contract_type, 'to' FROM transactions WHERE block_number BETWEEN ${from} AND ${to} AND to_address IS NOT NULL AND contract_type <> 4
        UNION ALL SELECT unnest([caller_address, to_address]), -1, 'internal' FROM internal_transactions
          WHERE block_number BETWEEN ${from} AND ${to} AND call_value > 0 AND NOT rejected
      ) WHERE address IS NOT NULL AND address <> ''`);
    for (const r of rows) {
      const a = String(r.address);
      this.pending.accounts.add(a);
      const ct = Number(r.contract_type);
      if (r.side !== 'owner') continue;
      if (ct === 57 || ct === 58) this.pending.v2.add(a);
      if (ct === 11 || ct === 12) this.pending.v1.add(a);
    }
  }

  get waiting(): number {
    return this.pending.accounts.size + this.held.size + (this.trc20?.waiting ?? 0);
  }

  /**
   * Reads what is pending as of the solid head `asOf` (the block the publish reaches), then reads the solid head
   * again: unchanged → stages every held row as of `asOf` and returns true; moved → keeps the rows for the next
   * publish and returns false (the caller publishes the blocks without a snapshot and ingests the new ones).
   */
  async take(
    client: NodeClient,
    db: Db,
    asOf: number,
    asOfTs: number,
    solidHead: () => Promise<number>,
    previousPairs: (owners: string[], version: 1 | 2) => Promise<Map<string, Set<string>>>,
    concurrency: number,
    accountPath?: string,
  ): Promise<{ staged: boolean; movedTo?: number; accounts: number; balances?: number }> {
    const networkAddress = [...this.pending.accounts, ...this.held.keys()].sort()[0];
    const req: SnapshotRequest = { accounts: this.pending.accounts, delegators: { v1: this.pending.v1, v2: this.pending.v2 }, asOf, asOfTs, networkAddress, accountPath };
    this.pending = { accounts: new Set(), v1: new Set(), v2: new Set() };
    const known = async (owners: string[], version: 1 | 2): Promise<Map<string, Set<string>>> => {
      const m = await previousPairs(owners, version);
      for (const p of this.heldPairs.values()) {
        if (p.version !== version || p.balance === 0n || !owners.includes(p.from_address)) continue;
        if (!m.has(p.from_address)) m.set(p.from_address, new Set());
        m.get(p.from_address)!.add(p.to_address);
      }
      return m;
    };
    const rows = await readSnapshots(client, req, concurrency, known);
    // The same solid state as the accounts: /walletsolidity/…, or /wallet/… where the head counts as solid.
    const balances = await this.trc20?.read(client, concurrency, accountPath?.startsWith('/wallet/') ? '/wallet/triggerconstantcontract' : '/walletsolidity/triggerconstantcontract');
    for (const a of rows.accounts) this.held.set(a.address, a);
    for (const d of rows.delegations) this.heldPairs.set(`${d.from_address} ${d.to_address} ${d.version} ${d.resource}`, d);
    const after = await solidHead();
    if (after !== asOf) return { staged: false, movedTo: after, accounts: rows.accounts.length, balances };
    const network = rows.network && { ...rows.network, as_of_block: asOf, timestamp: asOfTs };
    await stageSnapshots(db, {
      accounts: [...this.held.values()].map((a) => ({ ...a, as_of_block: asOf })),
      delegations: [...this.heldPairs.values()].map((d) => ({ ...d, as_of_block: asOf })),
      network,
    });
    const staged = await this.trc20?.stage(db, asOf);
    const n = this.held.size;
    this.accountsPublished += n;
    this.snapshotsPublished++;
    this.held.clear();
    this.heldPairs.clear();
    return { staged: true, accounts: n, balances: staged };
  }
}
