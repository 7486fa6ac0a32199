/**
 * The fake node's account state (issue 12): with `staking`, renumbered copies of the real block also carry system
 * contracts of four staker accounts (Stake 2.0 freeze / unfreeze / withdraw / cancel-all, delegations with and
 * without locks, votes, a Stake 1.0 unfreeze that ends a v1 delegation and cancels votes, TRX transfers), and the
 * node answers the state APIs (`getaccount`, the delegation indexes and pairs v1 / v2, `getaccountresource`,
 * `getmemofee`) as of its solid head: an opening state given here (`OPENING`, as of the block before the node's
 * lowest) plus every block it serves, replayed by the rules below. Written independently of the ingester and of
 * the lake's SQL, so a lake ingested from this node can be reconciled against it.
 *
 * Replay rules (tron-chain-data.md §4.3): a FreezeBalanceV2 moves TRX into the own stake of a resource; an
 * UnfreezeBalanceV2 moves it to a pending unstake expiring 14 days later and withdraws what has matured; a
 * WithdrawExpireUnfreeze withdraws what has matured; CancelAllUnfreezeV2 re-stakes what has not matured and
 * withdraws what has; a DelegateResource moves own stake to the pair (locked for `lock_period` blocks of 3 s,
 * renewing the pair's lock), an UnDelegateResource takes from the pair's unlocked part; a VoteWitness replaces the
 * vote set; a Stake 1.0 UnfreezeBalance releases the v1 stake of its resource (or of the pair with its receiver)
 * and cancels every vote. TRX: transfers, fees (also of failed transactions), call values of successful calls,
 * internal transfers that were not rejected. TRC10: transfers by `asset_name`. Voting reward (`getReward`): each
 * staker opens with OPENING_REWARD × (its index + 1) unclaimed, and at the end of every block each account earns
 * REWARD_PER_VOTE sun per vote it holds then (nothing withdraws it: the node's blocks hold no WithdrawBalance).
 */
import { createHash } from 'node:crypto';
import type { NodeBlock, NodeTransaction, NodeTransactionInfo } from '../../../src/chain/node-json.ts';

/* eslint-disable @typescript-eslint/no-explicit-any */
type Json = any;

const sha = (s: string): string => createHash('sha256').update(s).digest('hex');
const DAY = 86_400_000;

/** The four staker accounts (hex, 41 prefix) and the two witnesses they vote for. */
export const STAKERS = ['41' + '5a1ce0'.padEnd(40, '1'), '41' + '5b0b00'.padEnd(40, '2'), '41' + '5ca201'.padEnd(40, '3'), '41' + '5daae0'.padEnd(40, '4')];
export const VOTE_WITNESSES = ['41c81107148e5fa4b4a2edf3d5354db6c6be5b5549', '41eed9e56a5cddaa15ef0c42984884a8afcf1bdebb'];
/** Every account the node knows but the stakers starts with this many sun and this many units of each TRC10 it sends. */
export const DEFAULT_BALANCE = 1_000_000_000_000_000n;
export const CREATE_TIME = 1_500_000_000_000;
/** Unclaimed voting reward: staker i opens with OPENING_REWARD × (i + 1) sun and earns REWARD_PER_VOTE sun per vote per block. */
export const OPENING_REWARD = 1_234_567n;
export const REWARD_PER_VOTE = 3n;

type Res = 'BANDWIDTH' | 'ENERGY' | 'TRON_POWER';
interface Pending { type: Res; amount: bigint; expire: number }
interface Pair { unlocked: bigint; locked: bigint; lockExpire: number }
interface Account {
  balance: bigint;
  frozenV2: Record<Res, bigint>;
  unfrozenV2: Pending[];
  votes: { vote_address: string; vote_count: bigint }[];
  v1: { BANDWIDTH: bigint; ENERGY: bigint; expire: number };
  assets: Map<string, bigint>;
  withdrawTime: number;
  /** Voting reward not withdrawn, sun. */
  reward: bigint;
  /** Resource usage per kind: the usage as of `t` (ms, the block that last consumed it). */
  usage: Record<UsageKind, { u: bigint; t: number }>;
  owner?: Json;
}
type UsageKind = 'net' | 'free' | 'energy';
export interface ChainState {
  /** TRC10 ids each address sends in the node's blocks: it opens with DEFAULT_BALANCE units of each. */
  tokensSent: Map<string, Set<string>>;
  accounts: Map<string, Account>;
  /** `${from} ${to} ${resource}` → pair (Stake 2.0). */
  v2: Map<string, Pair>;
  /** `${from} ${to} ${resource}` → balance (Stake 1.0). */
  v1: Map<string, bigint>;
}

const blank = (): Account => ({
  balance: DEFAULT_BALANCE, frozenV2: { BANDWIDTH: 0n, ENERGY: 0n, TRON_POWER: 0n }, unfrozenV2: [], votes: [],
  v1: { BANDWIDTH: 0n, ENERGY: 0n, expire: 0 }, assets: new Map(), withdrawTime: 0, reward: 0n,
  usage: { net: { u: 0n, t: 0 }, free: { u: 0n, t: 0 }, energy: { u: 0n, t: 0 } },
});

/**
 * Resource usage (java-tron ResourceProcessor, facts only): a usage recovers linearly to 0 over a window of 28,800
 * slots of 3 s (24 h); kept as an average scaled by 1,000,000 per slot (ceil), decayed by (window − slots)/window and
 * rounded, then scaled back (floor). A consume adds to the usage recovered to its block. The fake node keeps the
 * default window (no Stake 2.0 window merging): its answers print the window remaining at the head, as a node does.
 */
const WINDOW = 28_800n;
const PRECISION = 1_000_000n;
const ceilDiv = (a: bigint, b: bigint): bigint => a / b + (a % b > 0n ? 1n : 0n);
export function recover(u: bigint, fromTs: number, toTs: number): bigint {
  const slots = BigInt(Math.floor((toTs - fromTs) / 3000));
  if (slots >= WINDOW) return 0n;
  let avg = ceilDiv(u * PRECISION, WINDOW);
  if (slots > 0n) avg = BigInt(Math.round(Number(avg) * (Number(WINDOW - slots) / Number(WINDOW))));
  return (avg * WINDOW) / PRECISION;
}
const consume = (a: Account, kind: UsageKind, amount: bigint, ts: number): void => {
  if (amount <= 0n) return;
  const x = a.usage[kind];
  x.u = recover(x.u, x.t, ts) + amount;
  x.t = ts;
};

/** The opening state as of block `low - 1` (time `openTs`): what the node is given. */
export function openingState(openTs: number, tokensSent: Map<string, Set<string>>): ChainState {
  const s: ChainState = { tokensSent, accounts: new Map(), v2: new Map(), v1: new Map() };
  STAKERS.forEach((a, i) => {
    const acc = blank();
    acc.balance = 1_000_000_000_000n * BigInt(i + 1);
    acc.frozenV2 = { BANDWIDTH: 10_000_000_000n, ENERGY: 20_000_000_000n, TRON_POWER: 100_000_000_000n };
    // One unstake matures inside the window (withdrawn by the first unfreeze / withdrawal after it), one after it.
    acc.unfrozenV2 = [
      { type: 'BANDWIDTH', amount: 3_000_000n * BigInt(i + 1), expire: openTs + DAY },
      { type: 'ENERGY', amount: 4_000_000n, expire: openTs + 100 * DAY },
    ];
    acc.votes = [{ vote_address: VOTE_WITNESSES[i % 2]!, vote_count: 1_000n * BigInt(i + 1) }];
    acc.reward = OPENING_REWARD * BigInt(i + 1);
    s.accounts.set(a, acc);
    s.v2.set(`${a} ${STAKERS[(i + 1) % 4]} ENERGY`, { unlocked: 5_000_000_000n, locked: 0n, lockExpire: 0 });
  });
  // Stake 1.0: staker 0 holds an own bandwidth stake no transaction touches (it exists only in snapshots); staker 1
  // a v1 energy delegation to staker 3, ended by its UnfreezeBalance in the window.
  STAKERS.slice(0, 2).forEach((a) => (s.accounts.get(a)!.v1 = { BANDWIDTH: 9_000_000n, ENERGY: 0n, expire: openTs - 10 * DAY }));
  s.v1.set(`${STAKERS[1]} ${STAKERS[3]} ENERGY`, 7_000_000n);
  // Staker 2 is multi-signature: owner permission 2 of 3 keys.
  s.accounts.get(STAKERS[2]!)!.owner = {
    permission_name: 'owner', threshold: 2,
    keys: [{ address: STAKERS[2], weight: 1 }, { address: STAKERS[0], weight: 1 }, { address: STAKERS[1], weight: 1 }],
  };
  return s;
}

const param = (type: string, value: Json): Json => ({ type, parameter: { value, type_url: `type.googleapis.com/protocol.${type}` } });

/** The staking transactions of copy n (none in the real block): one action by n mod 8 and a TRX transfer. */
export function stakingTransactions(n: number, fork: number, ts: number, realBlock: number): NodeTransaction[] {
  if (n === realBlock) return [];
  const out: Json[] = [];
  const k = ((n % 8) + 8) % 8;
  const i = ((Math.floor(n / 8) % 4) + 4) % 4; // each staker takes every action once in 32 blocks
  const owner = STAKERS[i]!;
  const next = STAKERS[(i + 1) % 4]!;
  const push = (c: Json, tag: string): void => {
    out.push({
      txID: sha(`staking:${n}:${fork}:${tag}`),
      raw_data: { contract: [c], ref_block_bytes: '0000', ref_block_hash: '0000000000000000', expiration: ts + 60_000, timestamp: ts - 1000 },
      raw_data_hex: sha(`raw:${n}:${tag}`).repeat(3),
      signature: [sha(`sig:${n}:${tag}`).repeat(2) + '1b'],
      ret: [{ contractRet: 'SUCCESS' }],
    });
  };
  switch (k) {
    case 0: push(param('FreezeBalanceV2Contract', { owner_address: owner, frozen_balance: 1_000_000 * ((n % 50) + 1), ...(n % 2 ? { resource: 'ENERGY' } : {}) }), 'freeze'); break;
    case 1: push(param('DelegateResourceContract', { owner_address: owner, receiver_address: next, balance: 2_000_000, resource: 'ENERGY', ...(n % 3 === 0 ? { lock: true, lock_period: 864_000 } : {}) }), 'delegate'); break;
    case 2: push(param('UnDelegateResourceContract', { owner_address: owner, receiver_address: next, balance: 1_000_000, resource: 'ENERGY' }), 'undelegate'); break;
    case 3: push(param('VoteWitnessContract', { owner_address: owner, votes: [{ vote_address: VOTE_WITNESSES[0], vote_count: (n % 100) + 1 }, { vote_address: VOTE_WITNESSES[1], vote_count: 5 }] }), 'vote'); break;
    case 4: push(param('UnfreezeBalanceV2Contract', { owner_address: owner, unfreeze_balance: 500_000 }), 'unfreeze'); break;
    case 5: push(param('WithdrawExpireUnfreezeContract', { owner_address: owner }), 'withdraw'); break;
    case 6: push(param('CancelAllUnfreezeV2Contract', { owner_address: owner }), 'cancel'); break;
    default: break;
  }
  // Staker 1's Stake 1.0 unfreeze (ends its v1 delegation to staker 3 and cancels its votes), once.
  if (n === realBlock + 7) push(param('UnfreezeBalanceContract', { owner_address: STAKERS[1], receiver_address: STAKERS[3], resource: 'ENERGY' }), 'unfreeze-v1');
  push(param('TransferContract', { owner_address: owner, to_address: next, amount: 1_000 + n % 997 }), 'transfer');
  return out;
}

const acc = (s: ChainState, a: string): Account => {
  let x = s.accounts.get(a);
  if (!x) {
    s.accounts.set(a, (x = blank()));
    for (const id of s.tokensSent.get(a) ?? []) x.assets.set(id, DEFAULT_BALANCE);
  }
  return x;
};
const pairOf = (s: ChainState, key: string): Pair => {
  let p = s.v2.get(key);
  if (!p) s.v2.set(key, (p = { unlocked: 0n, locked: 0n, lockExpire: 0 }));
  return p;
};
const unlockExpired = (p: Pair, ts: number): void => {
  if (p.locked > 0n && p.lockExpire <= ts) {
    p.unlocked += p.locked;
    p.locked = 0n;
  }
};
const withdrawMatured = (a: Account, ts: number): bigint => {
  const matured = a.unfrozenV2.filter((u) => u.expire <= ts).reduce((x, u) => x + u.amount, 0n);
  a.unfrozenV2 = a.unfrozenV2.filter((u) => u.expire > ts);
  a.balance += matured;
  if (matured > 0n) a.withdrawTime = ts;
  return matured;
};

/** The TRC10 ids each address sends in `blocks` (the opening gives it units of each). */
export function tokensSentIn(blocks: NodeBlock[]): Map<string, Set<string>> {
  const m = new Map<string, Set<string>>();
  for (const b of blocks) for (const tx of b.transactions ?? []) {
    const c = tx.raw_data.contract[0]!;
    if (c.type !== 'TransferAssetContract') continue;
    const v: Json = c.parameter.value;
    const id = Buffer.from(v.asset_name, 'hex').toString('latin1');
    if (!m.has(v.owner_address)) m.set(v.owner_address, new Set());
    m.get(v.owner_address)!.add(id);
  }
  return m;
}

/**
 * Applies a block to the state and returns the info fields its staking transactions carry (by txID): the amounts
 * withdrawn, unfrozen and cancelled, which depend on the state; one object per transaction, in block order.
 */
export function applyBlock(s: ChainState, block: NodeBlock, infos: NodeTransactionInfo[]): Json[] {
  const ts = Number(block.block_header.raw_data.timestamp);
  const extra: Json[] = [];
  const infoById = new Map(infos.map((x) => [x.id, x]));
  for (const tx of block.transactions ?? []) {
    const c = tx.raw_data.contract[0]!;
    const v: Json = c.parameter.value;
    const owner: string = v.owner_address;
    const x: Json = {};
    extra.push(x);
    const info: Json = infoById.get(tx.txID) ?? {};
    const ok = (tx.ret?.[0]?.contractRet ?? 'SUCCESS') === 'SUCCESS';
    const o = acc(s, owner);
    o.balance -= BigInt(info.fee ?? 0);
    // Bandwidth and energy are consumed by failed transactions too: bandwidth from the stake when the account has
    // one, else from the free allowance (receipts do not say which; this node's rule).
    const staked = o.frozenV2.BANDWIDTH + o.v1.BANDWIDTH + [...s.v2].filter(([k]) => k.split(' ')[1] === owner && k.endsWith(' BANDWIDTH')).reduce((t, [, p]) => t + p.unlocked + p.locked, 0n);
    consume(o, staked > 0n ? 'net' : 'free', BigInt(info.receipt?.net_usage ?? 0), ts);
    consume(o, 'energy', BigInt(info.receipt?.energy_usage ?? 0), ts);
    if (!ok) continue;
    const res: Res = v.resource ?? 'BANDWIDTH';
    switch (c.type) {
      case 'TransferContract':
        o.balance -= BigInt(v.amount);
        acc(s, v.to_address).balance += BigInt(v.amount);
        break;
      case 'TransferAssetContract': {
        const id = Buffer.from(v.asset_name, 'hex').toString('latin1');
        o.assets.set(id, (o.assets.get(id) ?? 0n) - BigInt(v.amount));
        const to = acc(s, v.to_address);
        to.assets.set(id, (to.assets.get(id) ?? 0n) + BigInt(v.amount));
        break;
      }
      case 'TriggerSmartContract':
        if (v.call_value) {
          o.balance -= BigInt(v.call_value);
          acc(s, v.contract_address).balance += BigInt(v.call_value);
        }
        for (const it of info.internal_transactions ?? []) {
          const cv = BigInt(it.callValueInfo?.[0]?.callValue ?? 0);
          if (it.rejected || cv === 0n || it.callValueInfo?.[0]?.tokenId) continue;
          acc(s, it.caller_address).balance -= cv;
          acc(s, it.transferTo_address).balance += cv;
        }
        break;
      case 'FreezeBalanceV2Contract':
        o.balance -= BigInt(v.frozen_balance);
        o.frozenV2[res] += BigInt(v.frozen_balance);
        break;
      case 'UnfreezeBalanceV2Contract': {
        const w = withdrawMatured(o, ts);
        if (w > 0n) x.withdraw_expire_amount = Number(w);
        o.frozenV2[res] -= BigInt(v.unfreeze_balance);
        o.unfrozenV2.push({ type: res, amount: BigInt(v.unfreeze_balance), expire: ts + 14 * DAY });
        break;
      }
      case 'WithdrawExpireUnfreezeContract':
        x.withdraw_expire_amount = Number(withdrawMatured(o, ts));
        break;
      case 'CancelAllUnfreezeV2Contract': {
        const w = withdrawMatured(o, ts);
        if (w > 0n) x.withdraw_expire_amount = Number(w);
        const back: Record<string, bigint> = {};
        for (const u of o.unfrozenV2) {
          o.frozenV2[u.type] += u.amount;
          back[u.type] = (back[u.type] ?? 0n) + u.amount;
        }
        o.unfrozenV2 = [];
        x.cancel_unfreezeV2_amount = Object.entries(back).map(([key, value]) => ({ key, value: Number(value) }));
        break;
      }
      case 'DelegateResourceContract': {
        const p = pairOf(s, `${owner} ${v.receiver_address} ${res}`);
        unlockExpired(p, ts);
        o.frozenV2[res] -= BigInt(v.balance);
        if (v.lock) {
          p.locked += BigInt(v.balance);
          p.lockExpire = ts + Number(v.lock_period) * 3000;
        } else p.unlocked += BigInt(v.balance);
        break;
      }
      case 'UnDelegateResourceContract': {
        const p = pairOf(s, `${owner} ${v.receiver_address} ${res}`);
        unlockExpired(p, ts);
        if (p.unlocked < BigInt(v.balance)) throw new Error(`fake node: undelegation beyond the unlocked part at ${tx.txID}`);
        p.unlocked -= BigInt(v.balance);
        o.frozenV2[res] += BigInt(v.balance);
        break;
      }
      case 'VoteWitnessContract':
        o.votes = (v.votes as Json[]).map((y) => ({ vote_address: y.vote_address, vote_count: BigInt(y.vote_count) }));
        break;
      case 'UnfreezeBalanceContract': {
        let amount = 0n;
        if (v.receiver_address) {
          const key = `${owner} ${v.receiver_address} ${res}`;
          amount = s.v1.get(key) ?? 0n;
          s.v1.delete(key);
        } else {
          amount = o.v1[res as 'BANDWIDTH' | 'ENERGY'];
          o.v1[res as 'BANDWIDTH' | 'ENERGY'] = 0n;
        }
        o.balance += amount;
        o.votes = [];
        x.unfreeze_amount = Number(amount);
        break;
      }
      default:
        break;
    }
  }
  for (const a of s.accounts.values()) a.reward += REWARD_PER_VOTE * sum(a.votes.map((v) => v.vote_count));
  return extra;
}

const sum = (xs: Iterable<bigint>): bigint => {
  let t = 0n;
  for (const x of xs) t += x;
  return t;
};

/**
 * `/walletsolidity/getaccount` in hex mode as of the solid head at `ts`, default values omitted as java-tron prints
 * them. Usages are recovered to `ts` first (as getaccount does), consume times printed in ms, and a stake usage's
 * window as the one remaining at `ts`, in thousandths of a slot (`*_window_optimized`).
 */
export function accountJson(s: ChainState, address: string, ts = 0): Json {
  const a = s.accounts.get(address);
  if (!a) return {};
  const assets = a.assets;
  const out: Json = { address, balance: a.balance, create_time: CREATE_TIME };
  const nz = (k: string, v: bigint, into: Json = out): void => {
    if (v !== 0n) into[k] = v;
  };
  if (a.v1.BANDWIDTH) out.frozen = [{ frozen_balance: a.v1.BANDWIDTH, expire_time: a.v1.expire }];
  const delegatedV1 = (res: string): bigint => sum([...s.v1].filter(([k]) => k.startsWith(address + ' ') && k.endsWith(' ' + res)).map(([, b]) => b));
  const acquiredV1 = (res: string): bigint => sum([...s.v1].filter(([k]) => k.split(' ')[1] === address && k.endsWith(' ' + res)).map(([, b]) => b));
  const pairs = [...s.v2].map(([k, p]) => ({ from: k.split(' ')[0], to: k.split(' ')[1], res: k.split(' ')[2], total: p.unlocked + p.locked }));
  const delegatedV2 = (res: string): bigint => sum(pairs.filter((p) => p.from === address && p.res === res).map((p) => p.total));
  const acquiredV2 = (res: string): bigint => sum(pairs.filter((p) => p.to === address && p.res === res).map((p) => p.total));
  nz('delegated_frozen_balance_for_bandwidth', delegatedV1('BANDWIDTH'));
  nz('acquired_delegated_frozen_balance_for_bandwidth', acquiredV1('BANDWIDTH'));
  nz('delegated_frozenV2_balance_for_bandwidth', delegatedV2('BANDWIDTH'));
  nz('acquired_delegated_frozenV2_balance_for_bandwidth', acquiredV2('BANDWIDTH'));
  const r: Json = {};
  nz('delegated_frozen_balance_for_energy', delegatedV1('ENERGY'), r);
  nz('acquired_delegated_frozen_balance_for_energy', acquiredV1('ENERGY'), r);
  nz('delegated_frozenV2_balance_for_energy', delegatedV2('ENERGY'), r);
  nz('acquired_delegated_frozenV2_balance_for_energy', acquiredV2('ENERGY'), r);
  if (a.v1.ENERGY) r.frozen_balance_for_energy = { frozen_balance: a.v1.ENERGY, expire_time: a.v1.expire };
  const used = (k: UsageKind): bigint => recover(a.usage[k].u, a.usage[k].t, ts);
  const left = (k: UsageKind): bigint => (WINDOW - BigInt(Math.floor((ts - a.usage[k].t) / 3000))) * 1000n;
  nz('net_usage', used('net'));
  if (a.usage.net.t) out.latest_consume_time = a.usage.net.t;
  if (used('net') > 0n) Object.assign(out, { net_window_size: left('net'), net_window_optimized: true });
  nz('free_net_usage', used('free'));
  if (a.usage.free.t) out.latest_consume_free_time = a.usage.free.t;
  nz('energy_usage', used('energy'), r);
  if (a.usage.energy.t) r.latest_consume_time_for_energy = a.usage.energy.t;
  if (used('energy') > 0n) Object.assign(r, { energy_window_size: left('energy'), energy_window_optimized: true });
  if (Object.keys(r).length) out.account_resource = r;
  const fv2 = (['BANDWIDTH', 'ENERGY', 'TRON_POWER'] as Res[]).map((t) => (t === 'BANDWIDTH' ? {} : { type: t }) as Json);
  fv2.forEach((f, j) => {
    const amt = a.frozenV2[(['BANDWIDTH', 'ENERGY', 'TRON_POWER'] as Res[])[j]!];
    if (amt) f.amount = amt;
  });
  out.frozenV2 = fv2;
  if (a.unfrozenV2.length) out.unfrozenV2 = a.unfrozenV2.map((u) => ({ ...(u.type === 'BANDWIDTH' ? {} : { type: u.type }), unfreeze_amount: u.amount, unfreeze_expire_time: u.expire }));
  if (a.votes.length) out.votes = a.votes;
  if (a.withdrawTime) out.latest_withdraw_time = a.withdrawTime;
  out.owner_permission = a.owner ?? { permission_name: 'owner', threshold: 1, keys: [{ address, weight: 1 }] };
  out.active_permission = [{ type: 'Active', id: 2, permission_name: 'active', threshold: 1, operations: '7fff1fc0033e0300000000000000000000000000000000000000000000000000', keys: [{ address, weight: 1 }] }];
  if (assets.size) out.assetV2 = [...assets].sort(([x], [y]) => x.localeCompare(y)).map(([key, value]) => ({ key, value }));
  return out;
}

/** `getReward`: the account's unclaimed voting reward, sun (java-tron prints the key even at 0). */
export function rewardJson(s: ChainState, address: string): Json {
  return { reward: s.accounts.get(address)?.reward ?? 0n };
}

/** getdelegatedresourceaccountindex(v2): the receivers and delegators of an address with a non-zero balance. */
export function delegationIndex(s: ChainState, address: string, version: 1 | 2): Json {
  const keys = version === 2 ? [...s.v2].filter(([, p]) => p.unlocked + p.locked > 0n).map(([k]) => k) : [...s.v1].filter(([, b]) => b > 0n).map(([k]) => k);
  const to = [...new Set(keys.filter((k) => k.split(' ')[0] === address).map((k) => k.split(' ')[1]))];
  const from = [...new Set(keys.filter((k) => k.split(' ')[1] === address).map((k) => k.split(' ')[0]))];
  return { account: address, ...(to.length ? { toAccounts: to } : {}), ...(from.length ? { fromAccounts: from } : {}) };
}

/** getdelegatedresource(v2) for a pair: the unlocked and the locked entry (v2), or the v1 entry; {} when none. */
export function delegationPair(s: ChainState, from: string, to: string, version: 1 | 2, ts: number): Json {
  const list: Json[] = [];
  for (const res of ['BANDWIDTH', 'ENERGY'] as const) {
    const f = res === 'BANDWIDTH' ? 'frozen_balance_for_bandwidth' : 'frozen_balance_for_energy';
    const e = res === 'BANDWIDTH' ? 'expire_time_for_bandwidth' : 'expire_time_for_energy';
    if (version === 1) {
      const b = s.v1.get(`${from} ${to} ${res}`) ?? 0n;
      if (b > 0n) list.push({ from, to, [f]: b });
      continue;
    }
    const p = s.v2.get(`${from} ${to} ${res}`);
    if (!p) continue;
    const locked = p.lockExpire > ts ? p.locked : 0n;
    const unlocked = p.unlocked + (p.locked - locked);
    if (unlocked > 0n) list.push({ from, to, [f]: unlocked });
    if (locked > 0n) list.push({ from, to, [f]: locked, [e]: p.lockExpire });
  }
  return list.length ? { delegatedResource: list } : {};
}

/** Network totals of getaccountresource: a synthetic rest of the network plus the state's stakes (whole TRX). */
export function networkTotals(s: ChainState): Json {
  const all = [...s.accounts.values()];
  const v2pairs = [...s.v2].map(([k, p]) => ({ res: k.split(' ')[2], b: p.unlocked + p.locked }));
  const net = sum(all.map((a) => a.frozenV2.BANDWIDTH + a.v1.BANDWIDTH)) + sum(v2pairs.filter((p) => p.res === 'BANDWIDTH').map((p) => p.b));
  const energy = sum(all.map((a) => a.frozenV2.ENERGY + a.v1.ENERGY)) + sum(v2pairs.filter((p) => p.res === 'ENERGY').map((p) => p.b)) + sum(s.v1.values());
  // java-tron adds a stake to the weight of its one resource: TotalTronPowerWeight is the TRON_POWER-only stakes.
  const power = sum(all.map((a) => a.frozenV2.TRON_POWER));
  return {
    freeNetLimit: 600,
    TotalNetLimit: 43_200_000_000,
    TotalNetWeight: 3_000_000_000n + net / 1_000_000n,
    TotalEnergyLimit: 180_000_000_000,
    TotalEnergyWeight: 15_000_000_000n + energy / 1_000_000n,
    TotalTronPowerWeight: 500_000_000n + power / 1_000_000n,
  };
}

/** JSON text with bigints as bare numbers (java-tron prints int64 that way). */
export function nodeJson(x: Json): string {
  return JSON.stringify(x, (_k, v) => (typeof v === 'bigint' ? `__big__${v}` : v)).replace(/"__big__(-?\d+)"/g, '$1');
}
